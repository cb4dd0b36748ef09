// Mapped windows of plain files; see include/atk_map.h.
#define _GNU_SOURCE
#include "atk_map.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Windows mapped at once: one per block in flight, a few dozen at most.
#define ATK_WINDOW_SLOTS 1024

struct atk_window {
    // Claimed by a mapping (the slot is in use from the claim to the unmap).
    atomic_int busy;
    // The mapping's page-aligned start (0 while not mapped) and end; the handler reads them.
    _Atomic uintptr_t start;
    _Atomic uintptr_t end;
    atomic_int lost;
    // Who holds the mapping: the reader's cursor and each block that borrows part of it; the
    // last to let go unmaps it.
    atomic_int holders;
};

static struct atk_window windows[ATK_WINDOW_SLOTS];
static struct sigaction previous_bus;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static int installed;
static uintptr_t page_size;

// SIGBUS: an access past the end of a file that shrank while mapped. If the address is in one
// of the windows, zero pages replace the window from the faulting page on (the access is then
// repeated and reads zeros) and the window is marked lost. Otherwise the previous disposition
// takes the signal, as if this handler had never been installed. Only async-signal-safe calls
// (mmap, sigaction, raise) and lock-free atomics.
static void atk_on_bus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (info->si_code > 0) {
        for (int i = 0; i < ATK_WINDOW_SLOTS; i++) {
            uintptr_t start = atomic_load(&windows[i].start);
            if (start == 0 || address < start) continue;
            uintptr_t end = atomic_load(&windows[i].end);
            if (address >= end) continue;
            uintptr_t page = address & ~(page_size - 1);
            void *zeros = mmap((void *)page, end - page, PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (zeros == MAP_FAILED) break;
            atomic_store(&windows[i].lost, 1);
            return;
        }
    }
    sigaction(SIGBUS, &previous_bus, NULL);
    if (info->si_code <= 0) raise(signal);
    // A fault repeats on return and reaches the previous disposition.
    (void)context;
}

static void atk_install(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = atk_on_bus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    installed = sigaction(SIGBUS, &action, &previous_bus) == 0;
}

const uint8_t *atk_window_map(int fd, int64_t offset, size_t length, int32_t *slot) {
    pthread_once(&install_once, atk_install);
    if (!installed || length == 0 || offset < 0) {
        errno = EINVAL;
        return NULL;
    }
    int claimed = -1;
    for (int i = 0; i < ATK_WINDOW_SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&windows[i].busy, &expected, 1)) {
            claimed = i;
            break;
        }
    }
    if (claimed < 0) {
        errno = EBUSY;
        return NULL;
    }
    int64_t aligned = offset & ~(int64_t)(page_size - 1);
    size_t span = (size_t)(offset - aligned) + length;
    void *base = mmap(NULL, span, PROT_READ, MAP_PRIVATE, fd, (off_t)aligned);
    if (base == MAP_FAILED) {
        atomic_store(&windows[claimed].busy, 0);
        return NULL;
    }
    uintptr_t start = (uintptr_t)base;
    atomic_store(&windows[claimed].lost, 0);
    atomic_store(&windows[claimed].holders, 1);
    atomic_store(&windows[claimed].end, start + ((span + page_size - 1) & ~(page_size - 1)));
    atomic_store(&windows[claimed].start, start);
    *slot = claimed;
    return (const uint8_t *)base + (offset - aligned);
}

void atk_window_retain(int32_t slot) {
    if (slot < 0 || slot >= ATK_WINDOW_SLOTS) return;
    atomic_fetch_add(&windows[slot].holders, 1);
}

int atk_window_unmap(int32_t slot) {
    if (slot < 0 || slot >= ATK_WINDOW_SLOTS) return 0;
    struct atk_window *window = &windows[slot];
    int lost = atomic_load(&window->lost);
    if (atomic_fetch_sub(&window->holders, 1) != 1) return lost;
    uintptr_t start = atomic_load(&window->start);
    uintptr_t end = atomic_load(&window->end);
    atomic_store(&window->start, 0);
    lost = atomic_load(&window->lost);
    if (start != 0) munmap((void *)start, end - start);
    atomic_store(&window->busy, 0);
    return lost;
}

int atk_window_lost(int32_t slot) {
    if (slot < 0 || slot >= ATK_WINDOW_SLOTS) return 0;
    return atomic_load(&windows[slot].lost);
}

ptrdiff_t atk_last_newline(const uint8_t *p, size_t length) {
    const uint8_t *found = memrchr(p, '\n', length);
    return found ? found - p : -1;
}
