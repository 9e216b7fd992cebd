/*
 * inkling-supervisor: runs one command (argv[1..]) as its child and makes sure nothing the
 * command started outlives it. It is a child subreaper (PR_SET_CHILD_SUBREAPER), so every orphan
 * of the command -- a double fork, a setsid daemon with a fresh environment -- is re-parented to
 * it rather than to init, and stays findable; and it gets SIGTERM when inkling dies
 * (PR_SET_PDEATHSIG), even by kill -9. When the command exits, or the supervisor is told to stop
 * (SIGTERM, SIGHUP), every descendant is killed, then it exits as the command did.
 * It stays in the command's process group and session, and never sets no_new_privs: sudo works.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal = 0;

static void on_stop(int sig) { stop_signal = sig; }

/* Sends sig to every process whose parent is `parent` (found by scanning /proc), depth first. */
static int signal_descendants(pid_t parent, int sig, int depth) {
  if (depth > 64) return 0;
  DIR *proc = opendir("/proc");
  if (!proc) return 0;
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(proc)) != NULL) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    char path[300];
    snprintf(path, sizeof path, "/proc/%s/stat", entry->d_name);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    char buf[512];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *close = strrchr(buf, ')');
    if (!close) continue;
    char state;
    int ppid;
    if (sscanf(close + 2, "%c %d", &state, &ppid) != 2 || ppid != parent || state == 'Z') continue;
    pid_t pid = (pid_t)atoi(entry->d_name);
    /* Stop it first so it cannot fork while its children are being found. */
    if (sig == SIGKILL) kill(pid, SIGSTOP);
    count += 1 + signal_descendants(pid, sig, depth + 1);
    kill(pid, sig);
  }
  closedir(proc);
  return count;
}

static void reap_all(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* SIGTERM to the whole tree, up to grace_ms for it to go, then SIGKILL until nothing is left. */
static void end_tree(long grace_ms) {
  pid_t self = getpid();
  if (grace_ms > 0 && signal_descendants(self, SIGTERM, 0) > 0) {
    signal_descendants(self, SIGCONT, 0);
    for (long waited = 0; waited < grace_ms; waited += 10) {
      reap_all();
      if (signal_descendants(self, 0, 0) == 0) break;
      sleep_ms(10);
    }
  }
  for (int round = 0; round < 1000; round++) {
    reap_all();
    if (signal_descendants(self, SIGKILL, 0) == 0) break;
    sleep_ms(5);
  }
  reap_all();
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: inkling-supervisor <program> [args...]\n");
    return 127;
  }
  pid_t parent = getppid();
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) perror("inkling-supervisor: PR_SET_CHILD_SUBREAPER");
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) perror("inkling-supervisor: PR_SET_PDEATHSIG");
  /* inkling died between our fork and the prctl: nobody would send the signal. */
  if (getppid() != parent) return 129;

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  /* Ctrl+C and Ctrl+\ are for the command (same process group); the supervisor outlasts them. */
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);

  pid_t child = fork();
  if (child < 0) {
    perror("inkling-supervisor: fork");
    return 126;
  }
  if (child == 0) {
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    prctl(PR_SET_PDEATHSIG, 0);
    execvp(argv[1], argv + 1);
    fprintf(stderr, "inkling-supervisor: %s: %s\n", argv[1], strerror(errno));
    _exit(127);
  }

  int status = 0;
  for (;;) {
    if (stop_signal) {
      int sig = stop_signal;
      end_tree(200);
      signal(sig, SIG_DFL);
      raise(sig);
      return 128 + sig;
    }
    pid_t done = waitpid(-1, &status, 0);
    if (done == child) break;
    if (done < 0 && errno == ECHILD) break;
  }
  /* The command is over: whatever it left in the background goes too. */
  end_tree(0);
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
