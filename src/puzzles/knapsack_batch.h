/* The knapsack's files for the batch commands: the game's own
 * descriptions (knapsack_puzzle.h), as they are or as level files, and
 * Pisinger's instance format, in which the standard hard instances come:
 *
 *     knapPI_3_1000_1000_1      a name
 *     n 1000                    the items
 *     c 250185                  the capacity
 *     z 253285                  optional: the optimum, if known
 *     time 0.00                 optional
 *     1,503,403,0               an item a line: number,value,weight[,in the optimum]
 *     ...
 *     -----                     a file may hold several, dashes between
 *
 * solve knapsack FILE takes instances of any size (within the solver's
 * caps, knapsack.h) and prints for each the best value on one line and the
 * numbers of the items in a best bag, as the file numbers them, on the
 * next; count, grade and estimate read the same files through the
 * family's reader (up to KNAPSACK_PUZZLE_MAX_ITEMS items). */
#ifndef LD_KNAPSACK_BATCH_H
#define LD_KNAPSACK_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "puzzles/puzzle.h"
#include "solver/knapsack/knapsack.h"

/* A reader of instances in either form, a line at a time. */
struct knapsack_file;
struct knapsack_file *knapsack_file_new(void);
void knapsack_file_free(struct knapsack_file *f);
/* The next line (text NULL at the end).  On PUZZLE_READ_ONE the instance
 * is in *k (items owned by the caller; free() them) with the file's item
 * numbers in *numbers (likewise), and *line is its first line; on BAD,
 * err says why and *line where. */
enum puzzle_read knapsack_file_line(struct knapsack_file *f, const char *text, size_t len, long number,
                                    struct knapsack *k, long **numbers, long *line, bool *again,
                                    struct diag *err);

extern const struct puzzle_batch knapsack_batch_reader;
extern const struct puzzle_command *const knapsack_batch_commands[];
extern const char knapsack_batch_help[];

#endif
