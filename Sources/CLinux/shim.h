// Linux interfaces that Swift's Glibc module map leaves out: it does not include
// <sys/epoll.h>, <sys/eventfd.h> or <sys/signalfd.h>, and it parses <sys/socket.h>
// without _GNU_SOURCE, which hides accept4.
#include <sys/epoll.h>     // epoll_create1(2), epoll_ctl(2), epoll_wait(2)
#include <sys/eventfd.h>   // eventfd(2)
#include <sys/signalfd.h>  // signalfd(2)
#include <sys/socket.h>

// accept4(2) is a GNU extension; <sys/socket.h> declares it only under _GNU_SOURCE.
// This is glibc's own prototype, so the call binds to libc's accept4 directly.
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);
