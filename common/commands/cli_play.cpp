// `reversi-lab play`: a game against the engine in the terminal. The human types a
// square or a command per line; a side without a legal move passes automatically (and
// it is announced), so "pass" is never typed.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "cli_args.h"
#include "engine.h"
#include "input_line.h"

namespace reversi {
namespace {

// A move or a command is a few characters; a longer line is refused, not stored.
constexpr size_t kMaxLine = 200;

const char kHelp[] =
    "Type a square such as d3 to play there (a..h across, 1..8 down, a1 top-left);\n"
    "* marks your legal moves. Commands:\n"
    "  hint   the engine's move for you, at its level (and time per move)\n"
    "  undo   take back your last move and the engine's reply\n"
    "  help   this text\n"
    "  quit   leave the game\n"
    "A side without a legal move passes by itself. The game ends when neither side can\n"
    "move; the winner takes the empty squares.\n";

std::string moveList(const std::vector<int>& moves, size_t from = 0) {
  std::string s;
  for (size_t i = from; i < moves.size(); ++i) s += (s.empty() ? "" : " ") + moveName(moves[i]);
  return s;
}

// "wins by 4", "loses by 2", "draws" for a disc difference seen by one side.
std::string outcome(int difference) {
  if (difference == 0) return "draws";
  return (difference > 0 ? "wins by " : "loses by ") + std::to_string(difference > 0 ? difference : -difference);
}

// What a search found, in brackets, for the side it searched for.
std::string details(const SearchOutcome& o, uint8_t side) {
  char buf[96];
  if (o.exact) {
    std::snprintf(buf, sizeof buf, "exact: %s %s", colourName(side), outcome(o.score).c_str());
  } else {
    std::snprintf(buf, sizeof buf, "depth %d, score %+.2f discs for %s", o.depth, o.discs(), colourName(side));
  }
  char tail[64];
  std::snprintf(tail, sizeof tail, ", %llu nodes, %.3f s", static_cast<unsigned long long>(o.nodes), o.seconds);
  return std::string("[") + buf + tail + "]";
}

std::string trimmedLower(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  if (a == std::string::npos) return "";
  std::string t = s.substr(a, b - a + 1);
  for (char& c : t)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return t;
}

class PlaySession {
 public:
  PlaySession(const Engine& engine, uint8_t human, const Position& start, std::istream& in, std::ostream& out, std::ostream& err)
      : engine_(engine), human_(human), in_(in), out_(out), err_(err), position_(start) {
    if (engine_.moveSeconds > 0) lendTimedTable(engine_);  // before the clock of the first move
  }

  int run() {
    out_ << "reversi-lab play: you are " << colourName(human_) << " (" << symbol(human_) << ")"
         << (human_ == BLACK ? " and move first" : "") << ", the engine is " << colourName(opponent(human_)) << " ("
         << symbol(opponent(human_)) << ")\n"
         << "engine: " << engineName(engine_) << "\n"
         << "Type a square such as d3, or hint, undo, help, quit.\n";
    for (;;) {
      if (game::over(position_)) return finish();
      const std::vector<int> legal = game::legalMoves(position_);
      if (legal.empty()) {
        out_ << who(position_.toMove) << " has no legal move and passes\n";
        record(kPass);
        continue;
      }
      if (position_.toMove != human_) {
        if (!engineMove()) return 1;
        continue;
      }
      turns_.push_back({position_, played_.size()});
      out_ << "\n" << boardText(position_, true) << counts() << "; " << who(human_) << " to move: " << moveList(legal) << "\n";
      int status = 0;
      if (!humanTurn(legal, status)) return status;
    }
  }

 private:
  // A human prompt: the position and how many moves had been played before it.
  struct Turn {
    Position position;
    size_t played;
  };

  static char symbol(uint8_t colour) { return colour == BLACK ? 'X' : 'O'; }
  std::string who(uint8_t colour) const { return std::string(colourName(colour)) + (colour == human_ ? " (you)" : " (engine)"); }
  std::string counts() const {
    return "black X " + std::to_string(game::discs(position_, BLACK)) + ", white O " +
           std::to_string(game::discs(position_, WHITE));
  }

  int record(int move) {
    const int flipped = game::play(position_, move);
    if (flipped >= 0) played_.push_back(move);
    return flipped;
  }

  bool engineMove() {
    checkWritten(out_);  // the human's move shows while the engine thinks
    const uint8_t side = position_.toMove;
    const SearchOutcome o = chooseMove(position_, engine_);
    const int flipped = record(o.best);
    if (flipped < 0) {  // a defect of the step, not of the input: say so and stop
      err_ << "reversi-lab: play: the engine (" << engineName(engine_) << ") chose the illegal move " << moveName(o.best)
           << " (a bug)\n";
      return false;
    }
    out_ << who(side) << " plays " << moveName(o.best) << ", " << flipped << " flipped " << details(o, side) << "\n";
    return true;
  }

  // Reads lines until the human plays a move (true), or the session ends (false, with
  // the exit status in `status`). Every bad line gets one line of reply.
  bool humanTurn(const std::vector<int>& legal, int& status) {
    InputLine line;
    for (;;) {
      out_ << "your move> ";
      checkWritten(out_);  // the prompt must be seen before the line is read
      if (!readLine(in_, line, kMaxLine)) {
        out_ << "\n";
        err_ << "reversi-lab: play: " << endOfGameInput(line) << "\n";
        status = 1;
        return false;
      }
      if (line.tooLong) {
        out_ << "that line is too long (over " << kMaxLine << " characters); type a square such as d3, or help\n";
        continue;
      }
      const std::string text = trimmedLower(line.text);
      if (text.empty()) continue;
      if (text == "quit") {
        out_ << "you quit; the game is left unfinished\n";
        status = 0;
        return false;
      }
      if (text == "help") {
        out_ << kHelp;
        continue;
      }
      if (text == "hint") {
        out_ << "hint: " << hint() << "\n";
        continue;
      }
      if (text == "undo") {
        if (undo()) return true;
        continue;
      }
      const int move = parseMove(text);
      if (move == kPass) {
        out_ << "you cannot pass while you have a legal move (" << moveList(legal) << "); a side without one passes by itself\n";
        continue;
      }
      if (move < 0) {
        out_ << quoteInput(line.text) << " is not a move or a command; type a square such as d3, or help\n";
        continue;
      }
      const int flipped = record(move);
      if (flipped < 0) {
        out_ << moveName(move) << (position_.cells[move] != EMPTY ? " is taken" : " flips nothing")
             << "; your legal moves: " << moveList(legal) << "\n";
        continue;
      }
      out_ << who(human_) << " plays " << moveName(move) << ", " << flipped << " flipped\n";
      return true;
    }
  }

  std::string hint() {
    const SearchOutcome o = chooseMove(position_, engine_);
    return moveName(o.best) + " " + details(o, human_);
  }

  // Back to the previous prompt: the human's last move and everything after it.
  bool undo() {
    if (turns_.size() < 2) {
      out_ << "nothing to undo: you have not moved yet\n";
      return false;
    }
    turns_.pop_back();  // this prompt
    const Turn back = turns_.back();
    turns_.pop_back();  // shown again by run()
    out_ << "took back " << moveList(played_, back.played) << "\n";
    position_ = back.position;
    played_.resize(back.played);
    return true;
  }

  int finish() {
    const int score = game::finalScore(position_);
    const int mine = human_ == BLACK ? score : -score;
    const int black = game::discs(position_, BLACK), white = game::discs(position_, WHITE);
    const int empty = 64 - black - white;
    const int blackFinal = black + (score > 0 ? empty : 0), whiteFinal = white + (score < 0 ? empty : 0);
    out_ << "\n"
         << boardText(position_, false) << counts() << ", " << empty << " empty\n"
         << "game over: black " << blackFinal << ", white " << whiteFinal
         << (empty && score ? " (the winner takes the empty squares)" : "") << ": "
         << (mine > 0   ? "you win by " + std::to_string(mine)
             : mine < 0 ? "the engine wins by " + std::to_string(-mine)
                        : std::string("a draw"))
         << "\n";
    return 0;
  }

  Engine engine_;
  uint8_t human_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  Position position_;
  std::vector<int> played_;  // every move of the game so far, passes too
  std::vector<Turn> turns_;
};

}  // namespace

int runPlay(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Engine engine;
  uint8_t human = BLACK;
  Position start;
  try {
    const CliArgs a =
        parseCliArgs(args, 1, {"--level", "--time", "--nodes", "--threads", "--color", "--stage", "--engine"}, {}, 1, "play");
    engine = engineOptions(a, "play");
    if (const auto it = a.options.find("--color"); it != a.options.end()) {
      if (it->second == "white") human = WHITE;
      else if (it->second != "black") throw UsageError{"play: --color must be black or white, got " + quoteInput(it->second)};
    }
    start = positionArgument(a, formatPosition(startPosition()), "play");
  } catch (const UsageError& e) {
    err << "reversi-lab: " << e.message << "\n";
    return 2;
  }
  return PlaySession(engine, human, start, in, out, err).run();
}

int runPlay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return runPlay(args, std::cin, out, err);
}

}  // namespace reversi
