// mcu_trace_plugin.c: a QEMU TCG plugin that writes the execution trace of
// the measured regions of tests/ct/mcu_trace_harness.cc, for
// util/ct-mcu.sh. Built by that script with the host's gcc as a shared
// object and loaded with
//   qemu-system-arm ... -plugin PLUGIN.so,out=FILE,begin=ADDR,end=ADDR
// where ADDR are the entry addresses of the harness's marker functions
// ct_mcu_trace_begin / ct_mcu_trace_end (Thumb bit cleared).
//
// Between the entry of ct_mcu_trace_begin and the entry of ct_mcu_trace_end
// every executed instruction and every data access is written, in order:
//   B n            start of measured region n (0, 1, ...)
//   I pc           an instruction at address pc is about to execute
//   R addr size    a load of `size` bytes at addr (by the preceding I)
//   W addr size    a store
//   E              end of the region
// Two runs whose secrets differ must write identical traces: the same
// instruction addresses in the same order (no branch on a secret) and the
// same data addresses (no memory index from a secret). Predicated
// instructions in an IT block report their address whether or not their
// condition passes; a predicated load or store that does not execute makes
// no access, so it shows in the R/W lines.
//
// The API is QEMU's TCG plugin API, version 1 (QEMU 7.2, Debian's
// qemu-system-arm in bookworm). Debian ships no development header for it,
// so the few functions, types and constants used here are declared below,
// as documented in QEMU's docs/devel/tcg-plugins.rst and plugin API
// reference; QEMU resolves them from its own executable when it loads this
// object.
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// --- QEMU plugin API (version 1), the subset this plugin uses -----------
typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;  // only passed through

enum qemu_plugin_cb_flags {
  QEMU_PLUGIN_CB_NO_REGS,
  QEMU_PLUGIN_CB_R_REGS,
  QEMU_PLUGIN_CB_RW_REGS,
};
enum qemu_plugin_mem_rw {
  QEMU_PLUGIN_MEM_R = 1,
  QEMU_PLUGIN_MEM_W,
  QEMU_PLUGIN_MEM_RW,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
                                            void* userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
                                               struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index,
                                          qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void* userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn* insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags,
                                            void* userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn* insn,
                                      qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags,
                                      enum qemu_plugin_mem_rw rw,
                                      void* userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    qemu_plugin_udata_cb_t cb,
                                    void* userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
struct qemu_plugin_insn* qemu_plugin_tb_get_insn(
    const struct qemu_plugin_tb* tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn* insn);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_outs(const char* string);

// The API version this plugin was written against; QEMU refuses a plugin
// without it or outside its supported range.
__attribute__((visibility("default"))) int qemu_plugin_version = 1;
// ------------------------------------------------------------------------

// Plugin state. QEMU calls these callbacks from the vCPU thread; the MPS2
// boards have one vCPU, so there is one writer.
static FILE* trace;
static uint64_t begin_pc, end_pc;
static bool active;
static unsigned regions;
static unsigned long long events;

static void on_insn(unsigned int vcpu, void* userdata) {
  (void)vcpu;
  const uint64_t pc = (uint64_t)(uintptr_t)userdata;
  if (pc == begin_pc) {
    active = true;
    fprintf(trace, "B %u\n", regions++);
  } else if (pc == end_pc && active) {
    active = false;
    fputs("E\n", trace);
    return;
  }
  if (active) {
    fprintf(trace, "I %" PRIx64 "\n", pc);
    ++events;
  }
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
                   uint64_t vaddr, void* userdata) {
  (void)vcpu;
  (void)userdata;
  if (!active) return;
  fprintf(trace, "%c %" PRIx64 " %u\n",
          qemu_plugin_mem_is_store(info) ? 'W' : 'R', vaddr,
          1u << qemu_plugin_mem_size_shift(info));
  ++events;
}

// Every instruction of every translated block gets both callbacks; the
// address travels as the callback's user data.
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    void* pc = (void*)(uintptr_t)qemu_plugin_insn_vaddr(insn);
    qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn,
                                           QEMU_PLUGIN_CB_NO_REGS, pc);
    qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                     QEMU_PLUGIN_MEM_RW, pc);
  }
}

static void on_qemu_exit(qemu_plugin_id_t id, void* userdata) {
  (void)id;
  (void)userdata;
  if (active) fputs("E unterminated\n", trace);
  fclose(trace);
  char line[128];
  snprintf(line, sizeof(line), "mcu_trace_plugin: %u regions, %llu events\n",
           regions, events);
  qemu_plugin_outs(line);
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  (void)info;
  const char* out = NULL;
  for (int i = 0; i < argc; ++i) {
    if (strncmp(argv[i], "out=", 4) == 0) {
      out = argv[i] + 4;
    } else if (strncmp(argv[i], "begin=", 6) == 0) {
      begin_pc = strtoull(argv[i] + 6, NULL, 0) & ~(uint64_t)1;
    } else if (strncmp(argv[i], "end=", 4) == 0) {
      end_pc = strtoull(argv[i] + 4, NULL, 0) & ~(uint64_t)1;
    } else {
      fprintf(stderr, "mcu_trace_plugin: unknown argument '%s'\n", argv[i]);
      return 1;
    }
  }
  if (out == NULL || begin_pc == 0 || end_pc == 0 || begin_pc == end_pc) {
    fprintf(stderr,
            "mcu_trace_plugin: needs out=FILE,begin=ADDR,end=ADDR\n");
    return 1;
  }
  trace = fopen(out, "w");
  if (trace == NULL) {
    perror(out);
    return 1;
  }
  static char buffer[1 << 20];
  setvbuf(trace, buffer, _IOFBF, sizeof(buffer));
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_qemu_exit, NULL);
  return 0;
}
