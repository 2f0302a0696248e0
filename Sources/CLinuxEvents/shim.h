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

// A Linux thread has a niceness of its own: lowering it makes work done
// ahead of need (compiling languages nobody has spoken yet) yield the core
// to the thread answering a line.
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int shoptalk_lower_this_threads_priority(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

#endif
