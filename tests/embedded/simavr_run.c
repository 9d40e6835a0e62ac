/*
 * simavr_run — runs an AVR ELF (an Arduino sketch) in simavr and copies the raw bytes
 * the sketch sends on UART0 (Serial) to stdout, unchanged.
 *
 *   simavr_run [-m MCU (default atmega2560)] [-f HZ] [-t SECONDS] PROGRAM.elf
 *
 * It stops when the sketch prints the line DONE (exit 0), when the emulated time
 * passes SECONDS (default 20; exit 3), when the CPU stops or crashes first (exit 4),
 * or when the stack grows into the static data (.data + .bss) (exit 5): on an AVR that
 * overwrites variables silently, so it is caught at the instruction that does it.
 * Usage or load errors exit 2.
 *
 * Stack: the runner reads the stack pointer after every instruction and prints on
 * stderr at the end
 *   simavr_run: stack max=<bytes below RAMEND at the deepest> static=<.data + .bss bytes> free=<bytes left between them>
 *
 * Exact cycle counts: a sketch writes a block number (1..255) to the spare register
 * GPIOR0 before a timed block and 0 after it. At each write the runner reads the
 * simulator's cycle counter and, at the end, prints one line per block on stderr:
 *   simavr_run: mark <number> cycles=<cycles between the two writes>
 * (stderr, so that stdout stays exactly what the sketch printed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_io.h"
#include "sim_irq.h"

enum { EXIT_DONE = 0, EXIT_USAGE = 2, EXIT_TIMEOUT = 3, EXIT_STOPPED = 4, EXIT_STACK = 5 };

/* GPIOR0 is I/O register 0x1E (data address 0x3E) on both the ATmega328P and 2560. */
#define GPIOR0_DATA_ADDRESS 0x3E
#define MAX_MARKS 64

static char line[256];
static size_t lineLength;
static int sawDone;

static struct {
  unsigned id;
  avr_cycle_count_t start, cycles;
  uint16_t lowestSp; /* the lowest stack pointer while the block was open */
} marks[MAX_MARKS];
static int markCount;
static int openMark = -1;

/* Every byte the UART sends: to stdout as is; remember the current line for DONE. */
static void onUartByte(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq, (void)param;
  const char c = (char)value;
  fputc(c, stdout);
  if (c == '\n') {
    if (lineLength > 0 && line[lineLength - 1] == '\r') lineLength--;
    if (lineLength == 4 && memcmp(line, "DONE", 4) == 0) sawDone = 1;
    lineLength = 0;
  } else if (lineLength < sizeof line) {
    line[lineLength++] = c;
  }
}

static uint16_t stackPointer(const avr_t* avr) { return (uint16_t)(avr->data[R_SPL] | avr->data[R_SPH] << 8); }

/* A write to GPIOR0: nonzero opens block `v`, zero closes the open block. */
static void onMark(avr_t* avr, avr_io_addr_t addr, uint8_t v, void* param) {
  (void)param;
  avr->data[addr] = v; /* keep the register's ordinary behaviour */
  if (v != 0) {
    if (markCount < MAX_MARKS) {
      openMark = markCount++;
      marks[openMark].id = v;
      marks[openMark].start = avr->cycle;
      marks[openMark].lowestSp = stackPointer(avr);
    }
  } else if (openMark >= 0) {
    marks[openMark].cycles = avr->cycle - marks[openMark].start;
    openMark = -1;
  }
}

static int usage(const char* why) {
  fprintf(stderr, "simavr_run: %s\nusage: simavr_run [-m MCU] [-f HZ] [-t SECONDS] PROGRAM.elf\n", why);
  return EXIT_USAGE;
}

int main(int argc, char** argv) {
  const char* mcu = NULL; /* -m, else the ELF's .mmcu section, else the ATmega2560 */
  unsigned long frequency = 16000000;
  double seconds = 20;
  int opt;
  while ((opt = getopt(argc, argv, "m:f:t:")) != -1) {
    if (opt == 'm') mcu = optarg;
    else if (opt == 'f') frequency = strtoul(optarg, NULL, 10);
    else if (opt == 't') seconds = atof(optarg);
    else return usage("unknown option");
  }
  if (optind != argc - 1) return usage("expected one ELF file");
  if (frequency == 0 || seconds <= 0) return usage("bad -f or -t value");

  /* simavr prints "Loaded ..." on stdout while loading: send that to stderr. */
  fflush(stdout);
  const int savedStdout = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  elf_firmware_t firmware;
  memset(&firmware, 0, sizeof firmware);
  avr_t* avr = NULL;
  int loaded = elf_read_firmware(argv[optind], &firmware) == 0;
  if (loaded && (avr = avr_make_mcu_by_name(mcu ? mcu : firmware.mmcu[0] ? firmware.mmcu : "atmega2560")) != NULL) {
    avr_init(avr);
    avr->log = LOG_ERROR;
    firmware.frequency = (uint32_t)frequency;
    avr_load_firmware(avr, &firmware);
    avr->frequency = (uint32_t)frequency;
  }
  fflush(stdout);
  dup2(savedStdout, STDOUT_FILENO);
  close(savedStdout);
  if (!loaded) return fprintf(stderr, "simavr_run: cannot read %s\n", argv[optind]), EXIT_USAGE;
  if (!avr) return fprintf(stderr, "simavr_run: unknown MCU %s\n", mcu ? mcu : firmware.mmcu), EXIT_USAGE;

  /* Raw bytes instead of simavr's own line printing on the console. */
  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), onUartByte, NULL);
  avr_register_io_write(avr, GPIOR0_DATA_ADDRESS, onMark, NULL);

  const avr_cycle_count_t limit = (avr_cycle_count_t)(seconds * (double)frequency);
  /* Static data starts right after the I/O registers; the stack grows down from RAMEND. */
  const uint32_t staticBytes = firmware.datasize + firmware.bsssize;
  const uint32_t staticEnd = avr->ioend + 1u + staticBytes;
  uint16_t lowestSp = avr->ramend;
  int status = EXIT_TIMEOUT;
  for (;;) {
    const int state = avr_run(avr); /* one instruction (or one sleeping tick) */
    const uint16_t sp = stackPointer(avr);
    if (sp < lowestSp) {
      lowestSp = sp;
      /* SP points at the next free byte: the stack may use down to staticEnd itself. */
      if (sp + 1u < staticEnd) {
        status = EXIT_STACK;
        break;
      }
    }
    if (openMark >= 0 && sp < marks[openMark].lowestSp) marks[openMark].lowestSp = sp;
    if (sawDone) {
      status = EXIT_DONE;
      break;
    }
    if (state == cpu_Done || state == cpu_Crashed) {
      status = EXIT_STOPPED;
      break;
    }
    if (avr->cycle >= limit) break;
  }
  fflush(stdout);
  for (int i = 0; i < markCount; i++)
    fprintf(stderr, "simavr_run: mark %u cycles=%llu stack=%u\n", marks[i].id, (unsigned long long)marks[i].cycles,
            (unsigned)(avr->ramend - marks[i].lowestSp));
  fprintf(stderr, "simavr_run: stack max=%u static=%u free=%ld\n", (unsigned)(avr->ramend - lowestSp), (unsigned)staticBytes,
          (long)lowestSp + 1 - (long)staticEnd);
  if (status == EXIT_TIMEOUT) fprintf(stderr, "simavr_run: no DONE line within %g emulated seconds\n", seconds);
  else if (status == EXIT_STOPPED) fprintf(stderr, "simavr_run: the CPU stopped before printing DONE\n");
  else if (status == EXIT_STACK)
    fprintf(stderr, "simavr_run: stack overflow: the stack reached 0x%04x, into the static data that ends at 0x%04x\n",
            (unsigned)lowestSp, (unsigned)(staticEnd - 1));
  return status;
}
