/// \file run_json.h
/// \brief What a measuring program's JSON says about the machine it ran on, and how it
/// writes the JSON: bench/ablation.cpp and bench/parallel_speedup.cpp. The Python that
/// records a run in the store of facts names the CPU from these fields (bench/report.py's
/// cpu_name), so a run carried to another machine keeps its own.
#pragma once
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace reversi::bench {

/// `s` as a JSON string: in quotes, a quote or backslash escaped (the programs write
/// names, commands and /proc/cpuinfo's fields, which hold no control characters).
inline std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The first processor's fields of /proc/cpuinfo that name the CPU (none elsewhere).
inline std::vector<std::pair<std::string, std::string>> cpuFields() {
  std::vector<std::pair<std::string, std::string>> out;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line) && !line.empty()) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    if (key == "vendor_id" || key == "cpu family" || key == "model" || key == "model name") out.emplace_back(key, value);
  }
  return out;
}

/// The JSON members naming the machine: `"cores": N, "cpuinfo": {...}`.
inline std::string machineFields() {
  std::ostringstream o;
  o << "\"cores\": " << std::thread::hardware_concurrency() << ", \"cpuinfo\": {";
  const auto cpu = cpuFields();
  for (size_t i = 0; i < cpu.size(); ++i) o << (i ? ", " : "") << quoted(cpu[i].first) << ": " << quoted(cpu[i].second);
  return o.str() + "}";
}

/// Writes `text` to `path` whole; on failure one line on stderr naming `tool`, and false.
inline bool writeText(const std::string& path, const std::string& text, const char* tool) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr, "%s: cannot write %s\n", tool, path.c_str());
    return false;
  }
  return true;
}

}  // namespace reversi::bench
