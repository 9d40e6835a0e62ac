// gray_sketch_check COMMAND [ARGS...]: runs the gray_variant sketch (on the host shim, or
// in a simulator through a runner) and checks its Serial output: the automatic game it
// prints must be, line for line, the game `reversi-lab gray --auto` plays with the same
// players and seed; then timing lines and DONE.
#include "commands/sidebars.h"

int main(int argc, char** argv) { return reversi::runSketchChecker(argc, argv, reversi::checkGraySketch); }
