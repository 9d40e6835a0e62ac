// `reversi-lab gray`: a game of the gray-stone variant in the terminal (humans type
// their moves on stdin, one per line; computer players are random or greedy), and the
// checker of the sketch, which plays the same automatic game and must print the same.
#include <iostream>
#include <optional>
#include <sstream>

#include "gray_variant/gray_variant.h"
#include "position.h"  // quoteInput: echoed input stays one printable line
#include "cli_args.h"
#include "input_line.h"
#include "sidebars.h"

namespace reversi {
namespace {

namespace gv = gray_variant;

struct BadInput {
  std::string message;
};

const char* colourName(uint8_t side) { return side == gv::BLACK ? "black" : "white"; }

std::string squareName(uint8_t move) { return std::string(1, char('a' + (move & 15) - 1)) + std::to_string(move >> 4); }

// The board with column letters and row numbers, then the counts and the token.
std::string boardText(const gv::Game& g) {
  std::string s = "  a b c d e f g h i\n";
  char row[2 * gv::SIZE];
  for (int r = 1; r <= gv::SIZE; ++r) {
    gv::rowText(g, r, row);
    s += std::to_string(r) + " " + row + "\n";
  }
  return s + "black " + std::to_string(gv::count(g, gv::BLACK)) + " white " + std::to_string(gv::count(g, gv::WHITE)) + " gray " +
         std::to_string(gv::count(g, gv::GRAY)) + " token " + std::to_string(g.token) + "\n";
}

// "e5" (column letter a..i, row number 1..9), any case, surrounding blanks ignored.
bool parseSquare(std::string s, int& row, int& col) {
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  if (a == std::string::npos) return false;
  s = s.substr(a, b - a + 1);
  if (s.size() != 2) return false;
  const char letter = char(s[0] | 0x20);
  if (letter < 'a' || letter > 'a' + gv::SIZE - 1 || s[1] < '1' || s[1] > '0' + gv::SIZE) return false;
  col = letter - 'a' + 1;
  row = s[1] - '0';
  return true;
}

// Why the side to move may not play at (row, col), or "" if it may.
std::string whyIllegal(const gv::Game& g, int row, int col) {
  if (gv::isLegal(g, row, col)) return "";
  const uint8_t here = g.cell[row][col];
  const std::string sq = squareName(gv::packMove(row, col)), me = colourName(g.turn);
  if (here != gv::EMPTY && here != gv::GRAY) return sq + " is taken";
  if (here == gv::GRAY && !gv::mayConvert(g))
    return sq + " is gray, but " + me + " has converted once more than " + colourName(gv::opponent(g.turn)) + " already (token " +
           std::to_string(g.token) + ")";
  return sq + " brackets nothing for " + me;
}

enum Kind { kHuman, kRandom, kGreedy };
const char* const kKindNames[] = {"human", "random", "greedy"};

Kind kindOption(const std::map<std::string, std::string>& opt, const std::string& name, Kind fallback) {
  const auto it = opt.find(name);
  if (it == opt.end()) return fallback;
  for (int k = 0; k < 3; ++k)
    if (it->second == kKindNames[k]) return Kind(k);
  throw BadInput{name + " wants human, random or greedy, got " + quoteInput(it->second)};
}

uint32_t seedOption(const std::map<std::string, std::string>& opt) {
  const auto it = opt.find("--seed");
  if (it == opt.end()) return 1;
  const std::optional<unsigned long long> v = wholeNumber(it->second, 0xFFFFFFFFull);
  if (!v) throw BadInput{"--seed wants a whole number 0..4294967295 (no sign or leading zero), got " + quoteInput(it->second)};
  return uint32_t(*v);
}

// A move or "quit" is a few characters: a longer line is refused, not stored.
constexpr size_t kMaxLine = 200;

}  // namespace

int runGray(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Kind kinds[4];  // indexed by colour: kinds[gv::BLACK], kinds[gv::WHITE]
  uint32_t seed = 0;
  try {
    const CliArgs a = parseCliArgs(args, 1, {"--black", "--white", "--seed"}, {"--auto"}, 0, "gray");
    const std::map<std::string, std::string>& opt = a.options;
    const bool autoPlay = opt.count("--auto") > 0;
    kinds[gv::BLACK] = kindOption(opt, "--black", autoPlay ? kRandom : kHuman);
    kinds[gv::WHITE] = kindOption(opt, "--white", autoPlay ? kRandom : kHuman);
    if (autoPlay && (kinds[gv::BLACK] == kHuman || kinds[gv::WHITE] == kHuman))
      throw BadInput{"--auto plays both sides: a human player makes no sense with it"};
    seed = seedOption(opt);
    if (opt.count("--seed") && kinds[gv::BLACK] != kRandom && kinds[gv::WHITE] != kRandom)
      throw BadInput{"--seed only steers a random player, and neither player is random"};
  } catch (const BadInput& e) {
    err << "reversi-lab: gray: " << e.message << "\n";
    return 2;
  } catch (const UsageError& e) {
    err << "reversi-lab: " << e.message << "\n";
    return 2;
  }
  uint32_t rng = gv::randomState(seed);

  gv::Game g;
  gv::newGame(g);
  out << "game black=" << kKindNames[kinds[gv::BLACK]] << " white=" << kKindNames[kinds[gv::WHITE]] << " seed=" << seed << "\n"
      << boardText(g);
  uint8_t moves[gv::MAX_MOVES];
  while (!gv::isOver(g)) {
    const int n = gv::legalMoves(g, moves);
    if (n == 0) {
      out << colourName(g.turn) << " passes\n";
      gv::pass(g);
      continue;
    }
    int row = 0, col = 0;
    const Kind who = kinds[g.turn];
    if (who != kHuman) {
      const uint8_t m = who == kRandom ? gv::pickRandom(rng, moves, n) : gv::pickGreedy(g, moves, n);
      row = m >> 4;
      col = m & 15;
    } else {
      for (;;) {
        out << colourName(g.turn) << " to move (a square such as e5, or quit): ";
        checkWritten(out);  // the prompt must be seen before the line is read
        InputLine input;
        if (!readLine(in, input, kMaxLine)) {
          out << "\n";
          err << "reversi-lab: gray: " << endOfGameInput(input) << "\n";
          return 1;
        }
        const std::string& line = input.text;
        if (input.tooLong) {
          out << "that line is too long (over " << kMaxLine << " characters): type a square such as e5, or quit\n";
          continue;
        }
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        if (line == "quit") {
          out << colourName(g.turn) << " quits\n";
          return 0;
        }
        if (!parseSquare(line, row, col)) {
          out << quoteInput(line) << " is not a square: a column letter a-i and a row number 1-9, such as e5\n";
          continue;
        }
        const std::string why = whyIllegal(g, row, col);
        if (why.empty()) break;
        out << why << "; try another square\n";
      }
    }
    const bool conversion = g.cell[row][col] == gv::GRAY;
    const uint8_t mover = g.turn;
    gv::play(g, row, col);
    out << "move " << g.move << ": " << colourName(mover) << " " << squareName(gv::packMove(row, col))
        << (conversion ? " converts" : "") << "\n"
        << boardText(g);
  }
  const uint8_t w = gv::winner(g);
  const bool onToken = gv::count(g, gv::BLACK) == gv::count(g, gv::WHITE) && w != gv::EMPTY;
  out << "result: " << (w == gv::EMPTY ? "draw" : std::string(colourName(w)) + " wins")
      << (onToken ? " on fewer conversions" : "") << "\n";
  return 0;
}

int runGray(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return runGray(args, std::cin, out, err);
}

// The gray sketch prints a title, then a game exactly as `reversi-lab gray --auto`
// prints it (from its line "game black=K white=K seed=N"), timing lines and DONE.
std::string checkGraySketch(const std::string& serial) {
  const std::vector<std::string> lines = splitLines(serial);
  size_t start = 0;
  while (start < lines.size() && lines[start].rfind("game black=", 0) != 0) ++start;
  if (start == lines.size()) return "no line 'game black=K white=K seed=N'";
  std::istringstream header(lines[start]);
  std::string word, black, white, seed;
  header >> word >> black >> white >> seed;
  if (black.rfind("black=", 0) != 0 || white.rfind("white=", 0) != 0 || seed.rfind("seed=", 0) != 0)
    return "cannot read '" + lines[start] + "'";
  std::ostringstream want, err;
  std::istringstream noInput;
  if (runGray({"gray", "--auto", "--black", black.substr(6), "--white", white.substr(6), "--seed", seed.substr(5)}, noInput, want,
              err) != 0)
    return "cannot replay '" + lines[start] + "': " + err.str();
  const std::vector<std::string> expected = splitLines(want.str());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (start + i >= lines.size()) return "the output ends before the game does (expected '" + expected[i] + "')";
    if (lines[start + i] != expected[i])
      return "line " + std::to_string(start + i + 1) + " is '" + lines[start + i] + "', the game replayed here gives '" +
             expected[i] + "'";
  }
  int timings = 0;
  for (size_t i = start + expected.size(); i < lines.size(); ++i)
    timings += lines[i].find(" reps=") != std::string::npos && lines[i].find(" us=") != std::string::npos;
  if (timings == 0) return "no timing line '<name> reps=N us=T' after the game";
  if (lines.back() != "DONE") return "the last line is not DONE";
  return "";
}

}  // namespace reversi
