/* board.h: what the product's code needs from its board (boards/<board>/):
 * a console and a name. The board's reset code starts the C/C++ runtime,
 * calls main() and passes its return value to the board's exit path.
 * C and C++. */
#ifndef FIRMWARE_BOARDS_BOARD_H_
#define FIRMWARE_BOARDS_BOARD_H_

#ifdef __cplusplus
extern "C" {
#endif

/* The board's name, for the console. */
extern const char board_name[];

/* Writes a NUL-terminated string to the board's console. */
void board_puts(const char* s);

/* The end of the program: status 0 is success. Never returns. */
void board_exit(int status) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif

#endif  /* FIRMWARE_BOARDS_BOARD_H_ */
