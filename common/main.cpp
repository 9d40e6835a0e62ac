// reversi-lab: run any stage on any position. See `reversi-lab help`.
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return reversi::runCli(args, std::cout, std::cerr);
}
