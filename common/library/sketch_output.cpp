#include "sketch_output.h"

#include <sys/wait.h>

#include <cstdio>
#include <sstream>

namespace reversi {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

int runSketchChecker(int argc, char** argv, std::string (*check)(const std::string&)) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s COMMAND [ARGS...]\n", argv[0]);
    return 2;
  }
  std::string command;
  for (int i = 1; i < argc; ++i) {
    std::string quoted = "'";
    for (const char* p = argv[i]; *p; ++p) quoted += *p == '\'' ? std::string("'\\''") : std::string(1, *p);
    command += (i > 1 ? " " : "") + quoted + "'";
  }
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    std::fprintf(stderr, "%s: cannot run %s\n", argv[0], command.c_str());
    return 1;
  }
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) output.append(buf, n);
  const int status = pclose(pipe);
  std::string why = status == -1               ? "cannot collect the sketch's exit status"
                    : !WIFEXITED(status)       ? "the sketch was killed by signal " + std::to_string(WTERMSIG(status))
                    : WEXITSTATUS(status) != 0 ? "the sketch exited with status " + std::to_string(WEXITSTATUS(status))
                                               : check(output);
  if (why.empty()) {
    std::printf("%s: the sketch's output is right\n", argv[0]);
    return 0;
  }
  std::fprintf(stderr, "%s: %s\n--- sketch output ---\n%s\n", argv[0], why.c_str(), output.c_str());
  return 1;
}

}  // namespace reversi
