// go_sketch_check COMMAND [ARGS...]: runs the go_capture sketch (on the host shim, or in
// a simulator through a runner) and checks its Serial output: the article's board, both
// published outputs, the same count from every method, a timing line per method, DONE.
#include "commands/sidebars.h"

int main(int argc, char** argv) { return reversi::runSketchChecker(argc, argv, reversi::checkGoSketch); }
