// Catch2 3.x where installed, else 2.x (Debian 12 ships 2.13).
#pragma once
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif
