/* SPDX-License-Identifier: MIT */
/*
 * cli/serve/guard.c, the limits on coinline serve's connections, on
 * socket pairs and a clock of the test's own: the deadline of a request
 * (not of an answer, and restarted by one), the share of an address and
 * the room kept for a newcomer (the connection whose request has been
 * coming, or whose answer has been going, the longest: a slow sender or
 * a slow reader), IPv6 clients by their /64, what is counted, and the
 * sweeper's thread. A watchdog fails the test, rather than let it hang,
 * if a thread is never joined.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/tap.h"
#include "serve/guard.h"

static uint64_t fake_now;

/* SIGALRM: the test has hung (a thread never ended). */
static void hung(int sig)
{
    static const char said[] =
        "not ok - the test did not end within 60 s (a thread hangs)\n";
    (void)sig;
    (void)!write(1, said, sizeof said - 1);
    _exit(1);
}

static uint64_t fake_clock(void)
{
    return fake_now;
}

/* A connection of the test: the guard's end and the client's. */
typedef struct {
    int server, client;
    guard_conn_t *rec;
} pair_t;

static struct sockaddr_storage v4(const char *text)
{
    struct sockaddr_storage ss;
    struct sockaddr_in *a = (struct sockaddr_in *)&ss;
    memset(&ss, 0, sizeof ss);
    a->sin_family = AF_INET;
    inet_pton(AF_INET, text, &a->sin_addr);
    return ss;
}

static struct sockaddr_storage v6(const char *text)
{
    struct sockaddr_storage ss;
    struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
    memset(&ss, 0, sizeof ss);
    a->sin6_family = AF_INET6;
    inet_pton(AF_INET6, text, &a->sin6_addr);
    return ss;
}

/* Opens a connection from addr at the fake time now. */
static pair_t open_at(guard_t *g, uint64_t now,
                      const struct sockaddr_storage *addr)
{
    int sv[2];
    pair_t p = {-1, -1, NULL};
    fake_now = now;
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return p;
    p.server = sv[0];
    p.client = sv[1];
    p.rec = guard_open(g, p.server, (const struct sockaddr *)addr);
    return p;
}

/* 1 when the guard has shut the connection down: its client reads the
 * end of the stream (a connection left alone has nothing to read). */
static int was_cut(const pair_t *p)
{
    struct pollfd f = {p->client, POLLIN, 0};
    char c;
    return poll(&f, 1, 0) == 1 && read(p->client, &c, 1) == 0;
}

/* The server has seen the connection end: the guard forgets it (once). */
static void close_pair(guard_t *g, pair_t *p)
{
    if (p->server < 0)
        return;
    guard_close(g, p->rec);
    close(p->server);
    close(p->client);
    p->rec = NULL;
    p->server = p->client = -1;
}

static guard_t *make(size_t max, size_t per, uint64_t request_ms)
{
    const guard_limits_t limits = {max, per, request_ms, fake_clock};
    return guard_new(&limits);
}

static void test_deadline(void)
{
    guard_t *g = make(100, 100, 5000);
    const struct sockaddr_storage a = v4("192.0.2.1");
    pair_t p[3];
    for (int i = 0; i < 3; i++)
        p[i] = open_at(g, 1000 * (uint64_t)i, &a);
    fake_now = 4999;
    is_int(guard_sweep(g), 0, "nothing is overdue before 5 s");
    fake_now = 5000;
    is_int(guard_sweep(g), 1, "at 5 s the first request is overdue");
    ok(was_cut(&p[0]) && !was_cut(&p[1]) && !was_cut(&p[2]),
       "it is shut down, and only it");
    guard_answering(g, p[1].rec);
    fake_now = 8000;
    is_int(guard_sweep(g), 1,
           "at 8 s the third is overdue; the second, being answered, is not");
    ok(!was_cut(&p[1]) && was_cut(&p[2]), "the third is shut down");
    fake_now = 20000;
    guard_answered(g, p[1].rec);
    fake_now = 24999;
    is_int(guard_sweep(g), 0,
           "the next request's clock starts when the answer has gone");
    fake_now = 25000;
    is_int(guard_sweep(g), 1, "and runs out 5 s later");
    ok(was_cut(&p[1]), "then it is shut down too");
    is_int(guard_counts(g).overdue, 3, "3 overdue counted");
    is_int(guard_open_count(g), 0, "none is counted open");
    for (int i = 0; i < 3; i++)
        close_pair(g, &p[i]);
    guard_free(g);
}

static void test_share_of_an_address(void)
{
    guard_t *g = make(100, 2, 60000);
    const struct sockaddr_storage a = v4("192.0.2.1"), b = v4("192.0.2.2");
    pair_t pa[3], pb[2];
    pa[0] = open_at(g, 0, &a);
    pb[0] = open_at(g, 1, &b);
    pa[1] = open_at(g, 2, &a);
    pb[1] = open_at(g, 3, &b);
    ok(!was_cut(&pa[0]) && !was_cut(&pa[1]) && !was_cut(&pb[0]) &&
           !was_cut(&pb[1]),
       "two connections of each address: all kept");
    pa[2] = open_at(g, 4, &a);
    ok(was_cut(&pa[0]) && !was_cut(&pa[1]) && !was_cut(&pa[2]),
       "a third of the same address closes its oldest");
    ok(!was_cut(&pb[0]) && !was_cut(&pb[1]),
       "the other address's older connections are left alone");
    is_int(guard_counts(g).evicted, 1, "1 evicted counted");
    is_int(guard_open_count(g), 4, "4 open");
    for (int i = 0; i < 3; i++)
        close_pair(g, &pa[i]);
    for (int i = 0; i < 2; i++)
        close_pair(g, &pb[i]);
    is_int(guard_open_count(g), 0, "all closed: none open");
    guard_free(g);
}

static void test_room_for_a_newcomer(void)
{
    guard_t *g = make(3, 3, 60000);
    const struct sockaddr_storage a = v4("192.0.2.1"), b = v4("192.0.2.2"),
                                  c = v4("192.0.2.3"), d = v4("192.0.2.4");
    pair_t p[6];
    p[0] = open_at(g, 0, &a);
    p[1] = open_at(g, 1, &b);
    p[2] = open_at(g, 2, &c);
    guard_answering(g, p[0].rec);
    p[3] = open_at(g, 3, &d);
    ok(!was_cut(&p[0]) && was_cut(&p[1]) && !was_cut(&p[2]) && !was_cut(&p[3]),
       "full: a newcomer closes the connection longest in its state, of "
       "another address: a request coming since 1, not the older "
       "connection whose answer began at 2");
    fake_now = 3;
    guard_answering(g, p[2].rec);
    guard_answering(g, p[3].rec);
    is_int(guard_unfinished_count(g), 0, "3 answering, none unfinished");
    p[4] = open_at(g, 4, &a);
    ok(was_cut(&p[0]) && !was_cut(&p[2]) && !was_cut(&p[3]) && !was_cut(&p[4]),
       "every other connection being answered: the one answered longest "
       "is closed, not the newcomer");
    const guard_counts_t n = guard_counts(g);
    ok(n.evicted == 1 && n.outlasted == 1 && n.overdue == 0,
       "1 evicted, 1 outlasted counted");
    is_int(guard_open_count(g), 3, "3 open: the limit");
    ok(guard_answering_count(g) == 2 && guard_unfinished_count(g) == 1,
       "2 answering, 1 unfinished");
    fake_now = 5;
    guard_answered(g, p[2].rec);
    p[5] = open_at(g, 6, &b);
    ok(was_cut(&p[3]) && !was_cut(&p[2]) && !was_cut(&p[4]) && !was_cut(&p[5]),
       "an answer going since 3 is closed before a request coming since 4 "
       "and a connection kept alive, unfinished again from its answer's "
       "end at 5");
    is_int(guard_unfinished_count(g), 3, "3 unfinished");
    guard_answering(g, p[5].rec);
    close_pair(g, &p[5]);
    ok(guard_answering_count(g) == 0 && guard_open_count(g) == 2,
       "a connection closed while answering is counted out");
    for (int i = 0; i < 6; i++)
        close_pair(g, &p[i]);
    is_int(guard_open_count(g), 0, "all closed: none open");
    guard_free(g);
}

/* Slow readers: every connection answering. For each newcomer, the one
 * whose answer began first is closed, or an unfinished one when its
 * request has been coming longer. */
static void test_slow_readers(void)
{
    guard_t *g = make(3, 3, 60000);
    const struct sockaddr_storage a = v4("192.0.2.1"), b = v4("192.0.2.2");
    pair_t p[7];
    /* Opened at 0, 1, 2; their answers begin at 30, 20, 10. */
    for (int i = 0; i < 3; i++)
        p[i] = open_at(g, (uint64_t)i, &a);
    for (int i = 2; i >= 0; i--) {
        fake_now = 30 - 10 * (uint64_t)i;
        guard_answering(g, p[i].rec);
    }
    p[3] = open_at(g, 40, &b);
    ok(was_cut(&p[2]) && !was_cut(&p[0]) && !was_cut(&p[1]) && !was_cut(&p[3]),
       "the answer that began first is closed, not the oldest connection");
    p[4] = open_at(g, 42, &b);
    ok(was_cut(&p[1]) && !was_cut(&p[0]) && !was_cut(&p[3]) && !was_cut(&p[4]),
       "the next newcomer closes the answer going since 20, not the "
       "request coming since 40");
    fake_now = 50;
    guard_answering(g, p[3].rec);
    p[5] = open_at(g, 51, &a);
    ok(was_cut(&p[0]) && !was_cut(&p[3]) && !was_cut(&p[4]) && !was_cut(&p[5]),
       "an answer going since 30 before a request coming since 42");
    p[6] = open_at(g, 52, &a);
    ok(was_cut(&p[4]) && !was_cut(&p[3]) && !was_cut(&p[5]) && !was_cut(&p[6]),
       "a request coming since 42 before an answer going since 50");
    const guard_counts_t n = guard_counts(g);
    ok(n.outlasted == 3 && n.evicted == 1 && n.overdue == 0,
       "3 outlasted, 1 evicted counted");
    ok(guard_open_count(g) == 3 && guard_answering_count(g) == 1,
       "3 open, 1 of them answering");
    for (int i = 0; i < 7; i++)
        close_pair(g, &p[i]);
    is_int(guard_open_count(g), 0, "all closed: none open");
    guard_free(g);

    /* The share of an address: its own answers only. */
    g = make(100, 2, 60000);
    pair_t q[4];
    q[0] = open_at(g, 0, &b);
    q[1] = open_at(g, 1, &a);
    q[2] = open_at(g, 2, &a);
    for (int i = 0; i < 3; i++)
        guard_answering(g, q[i].rec);
    q[3] = open_at(g, 3, &a);
    ok(was_cut(&q[1]) && !was_cut(&q[0]) && !was_cut(&q[2]) && !was_cut(&q[3]),
       "an address past its share, all answering: its own answer that "
       "began first is closed, not another address's older one");
    for (int i = 0; i < 4; i++)
        close_pair(g, &q[i]);
    guard_free(g);
}

static void test_addresses(void)
{
    guard_t *g = make(100, 1, 60000);
    struct sockaddr_storage same64[2] = {v6("2001:db8:1:2::1"),
                                         v6("2001:db8:1:2:ffff::9")};
    struct sockaddr_storage other64 = v6("2001:db8:1:3::1");
    pair_t p[5];
    p[0] = open_at(g, 0, &same64[0]);
    p[1] = open_at(g, 1, &other64);
    p[2] = open_at(g, 2, &same64[1]);
    ok(was_cut(&p[0]) && !was_cut(&p[1]) && !was_cut(&p[2]),
       "IPv6: two addresses of one /64 are one client; another /64 is "
       "another");
    struct sockaddr_storage mapped = v6("::ffff:192.0.2.7");
    struct sockaddr_storage plain = v4("192.0.2.7");
    p[3] = open_at(g, 3, &mapped);
    p[4] = open_at(g, 4, &plain);
    ok(was_cut(&p[3]) && !was_cut(&p[4]),
       "an IPv4 client seen through IPv6 is the same client");
    for (int i = 0; i < 5; i++)
        close_pair(g, &p[i]);
    guard_free(g);

    const char *loop[] = {"127.0.0.1", "127.1.2.3"};
    const char *not_loop[] = {"128.0.0.1", "10.0.0.1", "0.0.0.0"};
    for (size_t i = 0; i < 2; i++) {
        const struct sockaddr_storage s = v4(loop[i]);
        ok(guard_is_loopback((const struct sockaddr *)&s), "%s is loopback",
           loop[i]);
    }
    for (size_t i = 0; i < 3; i++) {
        const struct sockaddr_storage s = v4(not_loop[i]);
        ok(!guard_is_loopback((const struct sockaddr *)&s),
           "%s is not loopback", not_loop[i]);
    }
    const struct sockaddr_storage one = v6("::1"), any = v6("::"),
                                  mapped_loop = v6("::ffff:127.0.0.1"),
                                  near = v6("::2");
    ok(guard_is_loopback((const struct sockaddr *)&one) &&
           guard_is_loopback((const struct sockaddr *)&mapped_loop),
       "::1 and ::ffff:127.0.0.1 are loopback");
    ok(!guard_is_loopback((const struct sockaddr *)&any) &&
           !guard_is_loopback((const struct sockaddr *)&near),
       ":: and ::2 are not");
}

static void test_sweeper(void)
{
    guard_t *g = make(10, 10, 1000);
    const struct sockaddr_storage a = v4("192.0.2.1");
    pair_t p = open_at(g, 0, &a);
    fake_now = 1000;
    ok(guard_start(g, 1) == 0, "the sweeper starts");
    /* Its thread shuts the overdue connection down: the client's read
     * returns (10 s at most, so that a broken sweeper fails, not hangs). */
    struct pollfd f = {p.client, POLLIN, 0};
    char c;
    ok(poll(&f, 1, 10000) == 1 && read(p.client, &c, 1) == 0,
       "the sweeper's thread closes an overdue request");
    is_int(guard_stop(g), 0, "the sweeper's thread stops and is joined");
    is_int(guard_stop(g), -1, "stopped, there is none to stop");
    close_pair(g, &p);
    guard_free(g);
}

int main(void)
{
    signal(SIGALRM, hung);
    alarm(60);
    test_deadline();
    test_share_of_an_address();
    test_room_for_a_newcomer();
    test_slow_readers();
    test_addresses();
    test_sweeper();
    return done_testing();
}
