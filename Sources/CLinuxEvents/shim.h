#ifndef SHOPTALK_CLINUXEVENTS_SHIM_H
#define SHOPTALK_CLINUXEVENTS_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

// Glibc's Swift module does not export epoll or eventfd.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <signal.h>

static inline int shoptalk_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    return flags < 0 ? flags : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/// accept4 needs _GNU_SOURCE, which Swift's Glibc module does not set.
static inline int shoptalk_accept(int listener, struct sockaddr *address, socklen_t *length) {
    return accept4(listener, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

#endif
