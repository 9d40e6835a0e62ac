// reversi-lab: run any stage on any position. See `reversi-lab help`.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "cli_args.h"

namespace {

// Ctrl-C stops any command at once: perft and the searches have no place to look for a
// flag, so the handler ends the process itself, with one line and the shell's status
// for SIGINT (128 + 2). Results already printed are flushed as they come.
char interruptLine[64] = "reversi-lab: interrupted\n";
size_t interruptLength = 0;

extern "C" void onInterrupt(int) {
  const ssize_t written = ::write(2, interruptLine, interruptLength);  // nothing to do if it fails
  (void)written;
  _exit(130);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // Only a known command's name is echoed here (user input is quoted elsewhere).
  const bool onTerminal = ::isatty(2);  // after ^C the line starts on its own line
  const bool named = !args.empty() && reversi::isCommand(args[0]);
  const int n = std::snprintf(interruptLine, sizeof interruptLine, "%sreversi-lab: %s%sinterrupted\n", onTerminal ? "\n" : "",
                              named ? args[0].c_str() : "", named ? ": " : "");
  interruptLength = n > 0 ? size_t(n) : 0;
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);

  // Standard output through a buffer that remembers why a write failed (runCli checks).
  reversi::FdOutput buffer(1);
  std::ostream out(&buffer);
  return reversi::runCli(args, out, std::cerr);
}
