#ifndef SHOPTALK_CLINUXEVENTS_SHIM_H
#define SHOPTALK_CLINUXEVENTS_SHIM_H

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

// accept4 is declared only under _GNU_SOURCE, and defining that here would
// change glibc's structures under other modules (Dispatch's fd_set): declare it.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

static inline int shoptalk_accept(int listener, struct sockaddr *address, socklen_t *length) {
    return accept4(listener, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

#endif
