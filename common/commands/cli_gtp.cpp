// `reversi-lab gtp`: the Go Text Protocol as Othello engines speak it (the model is
// Debian's gtp-rhino), so that a referee (bench/match.py) or a GUI (quarry) can play the
// engine. One command per line, "[id] name args"; every response is "=[id] text" or
// "?[id] message" followed by an empty line.
#include <charconv>
#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "cli_args.h"
#include "engine.h"
#include "input_line.h"

namespace reversi {
namespace {

// A GTP command is a few words; a longer line is answered with an error, not stored.
constexpr size_t kMaxLine = 1024;

// The largest number time_settings and time_left take: a day in seconds (and as many stones).
constexpr unsigned long long kMaxClock = (unsigned long long)kMaxMoveSeconds * 24;

const char* const kCommands[] = {
    "protocol_version", "name",          "version",   "known_command", "list_commands", "quit",      "boardsize",
    "clear_board",      "komi",          "play",      "genmove",       "undo",          "showboard", "final_score",
    "set_level",        "time_settings", "time_left", "list_games",    "set_game",
};

bool known(const std::string& command) {
  for (const char* c : kCommands)
    if (command == c) return true;
  return false;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// "black", "b", "white", "w" (any case) -> BLACK / WHITE; EMPTY if none.
uint8_t parseColour(const std::string& text) {
  const std::string t = lower(text);
  if (t == "black" || t == "b") return BLACK;
  if (t == "white" || t == "w") return WHITE;
  return EMPTY;
}

bool isNumber(const std::string& s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// GTP's whole numbers are read as the command line reads them (isWholeNumber).
bool isDigits(const std::string& s) { return isWholeNumber(s); }

std::string moveList(const std::vector<int>& moves) {
  std::string s;
  for (int m : moves) s += (s.empty() ? "" : " ") + moveName(m);
  return s;
}

}  // namespace

GtpSession::GtpSession(const Engine& engine) : engine_(engine), position_(startPosition()) {
  // --time S is byo-yomi of S seconds for every move until a time_settings says otherwise.
  if (engine.moveSeconds > 0) {
    clocks_[0] = clocks_[1] = MoveClock::perMove(engine.moveSeconds);
    lendTimedTable(engine_);
  }
}

std::string GtpSession::respond(std::string_view raw, bool tooLong) {
  std::string line(raw.substr(0, raw.find('#')));  // a comment runs to the end of the line
  bool control = false;
  for (char& c : line) {
    if (c == '\t') c = ' ';
    else if (static_cast<unsigned char>(c) < 32 || c == 127) control = true;
  }
  std::vector<std::string> words;
  for (size_t at = line.find_first_not_of(' '); at != std::string::npos; at = line.find_first_not_of(' ', at)) {
    const size_t end = line.find(' ', at);
    words.push_back(line.substr(at, end - at));
    at = end;
  }
  std::string id;
  if (!words.empty() && isDigits(words[0])) {
    id = words[0];
    words.erase(words.begin());
  }
  bool ok = false;
  std::string text;
  if (tooLong) text = "line too long (over " + std::to_string(kMaxLine) + " characters)";
  else if (control) text = "control character in the command";
  else if (words.empty() && id.empty()) return "";  // empty, blank or a comment: no response
  else if (words.empty()) text = "syntax error: no command after the id";
  else text = execute(words[0], std::vector<std::string>(words.begin() + 1, words.end()), ok);
  return (ok ? "=" : "?") + id + (text.empty() ? "" : " " + text) + "\n\n";
}

std::string GtpSession::execute(const std::string& command, const std::vector<std::string>& args, bool& ok) {
  ok = true;
  auto fail = [&ok](const std::string& why) {
    ok = false;
    return why;
  };
  auto arity = [&args](size_t n) { return args.size() == n; };
  if (!known(command)) return fail("unknown command");
  if (command == "play") return playCommand(args, ok);
  if (command == "genmove") return genmoveCommand(args, ok);
  if (command == "known_command") {
    if (!arity(1)) return fail("syntax error: known_command takes one command name");
    return known(args[0]) ? "true" : "false";
  }
  if (command == "boardsize") {
    if (!arity(1) || !isDigits(args[0])) return fail("syntax error: boardsize takes a whole number");
    if (args[0] != "8") return fail("unacceptable size");
    position_ = startPosition();
    history_.clear();
    for (MoveClock& c : clocks_) c.restart();  // a new game: full clocks
    return "";
  }
  if (command == "komi") {
    if (!arity(1) || !isNumber(args[0])) return fail("syntax error: komi takes a number");
    return "";  // accepted; Reversi has no komi
  }
  if (command == "set_level") {
    const int level = arity(1) ? parseLevel(args[0]) : 0;
    if (!level)
      return fail("syntax error: set_level takes a level " + std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel));
    if (level > maxLevel(*engine_.step))
      return fail("level " + std::to_string(level) + " is too deep for " + std::string(engine_.step->id) + " (at most " +
                  std::to_string(maxLevel(*engine_.step)) + ")");
    engine_.level = level;
    if (clocks_[0].budget(60) >= 0 || clocks_[1].budget(60) >= 0) lendTimedTable(engine_);  // the level's size
    return "";
  }
  if (command == "time_settings") {  // both sides' clocks; the level still caps the depth
    std::optional<unsigned long long> n[3];
    for (size_t i = 0; i < 3 && arity(3); ++i) n[i] = wholeNumber(args[i], kMaxClock);
    if (!arity(3) || !n[0] || !n[1] || !n[2])
      return fail("syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to " +
                  std::to_string(kMaxClock));
    for (MoveClock& c : clocks_) c.set(double(*n[0]), double(*n[1]), int(*n[2]));
    lendTimedTable(engine_);  // now, not in the first move's time
    return "";
  }
  if (command == "set_game") {  // quarry's extension: it plays Reversi with an engine that lists "Othello"
    if (!arity(1)) return fail("syntax error: set_game takes a game name");
    const std::string game = lower(args[0]);
    if (game != "othello" && game != "reversi") return fail("unsupported game");
    return "";
  }
  if (command == "time_left") {
    const uint8_t colour = arity(3) ? parseColour(args[0]) : EMPTY;
    const auto seconds = arity(3) ? wholeNumber(args[1], kMaxClock) : std::nullopt;
    const auto stones = arity(3) ? wholeNumber(args[2], kMaxClock) : std::nullopt;
    if (!colour || !seconds || !stones)
      return fail("syntax error: time_left takes a colour and two whole numbers (seconds and stones) up to " +
                  std::to_string(kMaxClock));
    clocks_[colour - 1].left(double(*seconds), int(*stones));
    lendTimedTable(engine_);  // the first time only (the pool only grows)
    return "";
  }
  if (!arity(0)) return fail("syntax error: " + command + " takes no arguments");
  if (command == "protocol_version") return "2";
  if (command == "name") return "reversi-lab";
  if (command == "version") return engineName(engine_);
  if (command == "list_games") return "Othello";
  if (command == "list_commands") {
    std::string s;
    for (const char* c : kCommands) s += (s.empty() ? "" : "\n") + std::string(c);
    return s;
  }
  if (command == "quit") {
    finished_ = true;
    return "";
  }
  if (command == "clear_board") {
    position_ = startPosition();
    history_.clear();
    for (MoveClock& c : clocks_) c.restart();  // a new game: full clocks
    return "";
  }
  if (command == "undo") {
    if (history_.empty()) return fail("cannot undo");
    position_ = history_.back();
    history_.pop_back();
    return "";
  }
  if (command == "showboard") {
    return "\n" + boardText(position_, false) + "black X " + std::to_string(game::discs(position_, BLACK)) + ", white O " +
           std::to_string(game::discs(position_, WHITE)) + "; " +
           (game::over(position_) ? "the game is over" : std::string(colourName(position_.toMove)) + " to move");
  }
  // final_score
  if (!game::over(position_))
    return fail("cannot score: the game is not over (" + std::string(colourName(position_.toMove)) + " to move)");
  const int score = game::finalScore(position_);
  return score > 0 ? "B+" + std::to_string(score) : score < 0 ? "W+" + std::to_string(-score) : "0";
}

// Is it `colour`'s turn? Yes when it is to move, or when the side to move has no move
// and must pass first (a controller that does not send passes, as gtp-rhino's own
// play does not): then that pass is recorded (`why` empty, true). Otherwise false and why.
bool GtpSession::catchUp(uint8_t colour, std::string& why) {
  if (position_.toMove == colour) return true;
  if (!game::legalMoves(position_).empty()) {
    why = std::string(colourName(position_.toMove)) + " is to move";
    return false;
  }
  push(kPass);
  return true;
}

void GtpSession::push(int move) {
  history_.push_back(position_);
  game::play(position_, move);
}

std::string GtpSession::playCommand(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  if (args.size() != 2) return "syntax error: play takes a colour and a move";
  const uint8_t colour = parseColour(args[0]);
  if (!colour) return "invalid color " + quoteInput(args[0]);
  const int move = parseMove(lower(args[1]));
  if (move < 0) return "invalid coordinate " + quoteInput(args[1]);
  if (game::over(position_)) return "illegal move: the game is over";
  const std::string name = std::string(colourName(colour));
  // Checked on a copy first: a refused move leaves the game (and a pass before it) as it was.
  GtpSession trial = *this;
  std::string why;
  if (!trial.catchUp(colour, why)) return "illegal move: " + why;
  const std::vector<int> legal = game::legalMoves(trial.position_);
  if (move == kPass && !legal.empty()) return "illegal move: " + name + " can play " + moveList(legal);
  if (move != kPass) {
    Position after = trial.position_;
    if (game::play(after, move) < 0)
      return "illegal move: " + moveName(move) + (trial.position_.cells[move] != EMPTY ? " is taken" : " flips nothing") +
             " for " + name;
  }
  trial.push(move);
  *this = std::move(trial);
  ok = true;
  return "";
}

std::string GtpSession::genmoveCommand(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  if (args.size() != 1) return "syntax error: genmove takes a colour";
  const uint8_t colour = parseColour(args[0]);
  if (!colour) return "invalid color " + quoteInput(args[0]);
  ok = true;
  if (game::over(position_)) return "pass";  // nothing is recorded: the game is over
  std::string why;
  if (!catchUp(colour, why)) {
    ok = false;
    return "not " + std::string(colourName(colour)) + "'s turn: " + why;
  }
  if (game::legalMoves(position_).empty()) {
    push(kPass);
    return "pass";
  }
  // With a clock, the move takes what the clock allows (chooseMoveTimed); without one,
  // --nodes or the level decides (chooseMove).
  MoveClock& clock = clocks_[colour - 1];
  const double budget = clock.budget(game::discs(position_, EMPTY));
  const auto t0 = std::chrono::steady_clock::now();
  const SearchOutcome o = budget >= 0 ? chooseMoveTimed(position_, engine_, budget) : chooseMove(position_, engine_);
  clock.spent(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  Position after = position_;
  if (o.best == kPass || game::play(after, o.best) < 0) {  // a defect of the step
    ok = false;
    return "engine error: " + engineName(engine_) + " chose the illegal move " + moveName(o.best);
  }
  push(o.best);
  return moveName(o.best);
}

int runGtp(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Engine engine;
  try {
    engine = engineOptions(
        parseCliArgs(args, 1, {"--level", "--time", "--nodes", "--threads", "--stage", "--engine"}, {}, 0, "gtp"), "gtp");
  } catch (const UsageError& e) {
    err << "reversi-lab: " << e.message << "\n";
    return 2;
  }
  GtpSession session(engine);
  InputLine line;
  while (!session.finished() && readLine(in, line, kMaxLine)) {
    out << session.respond(line.text, line.tooLong);
    checkWritten(out);  // each answer is read at once; an answer that cannot go out ends the session
  }
  if (line.error) {
    err << "reversi-lab: gtp: cannot read the input: " << systemReason(line.error) << "\n";
    return 1;
  }
  return 0;
}

int runGtp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return runGtp(args, std::cin, out, err);
}

}  // namespace reversi
