/* Fuzzing the DIMACS graph reader (puzzles/dimacs.c), and on the small
 * graphs it accepts, the clique searches.
 *
 * What must hold, besides not crashing:
 *   - the text read from a string (dimacs_parse) and from a stream
 *     (dimacs_read) gets the same verdict, word for word, when it holds no
 *     NUL byte (a string ends there; a stream reads on, and refuses it);
 *   - a graph accepted has as many e lines as the text has lines whose
 *     first word is e, its edges are those lines less the repeats, and the
 *     first repeat is named exactly when there is one;
 *   - written back with dimacs_write and read again, it is the same graph,
 *     with no repeats and as many e lines as edges;
 *   - on a graph of at most SMALL vertices, clique_max and clique_par_max
 *     find cliques of one size, and cliques they are, and with the
 *     file's automorphisms and block (c automorphism, c block lines),
 *     clique_avg_max finds one of that size too;
 *   - a block accepted is a set of vertices in range, and it and the
 *     automorphisms read back the same when written with
 *     dimacs_write_symmetry;
 *   - a refusal says where ("fuzz:LINE: ", LINE a line of the text) and
 *     why, in at most 80 columns, as text: no control bytes, no UTF-8
 *     character cut in two. */
#define _GNU_SOURCE /* fmemopen, open_memstream */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "puzzles/dimacs.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_avg.h"
#include "solver/graph/clique_par.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

/* Graphs the clique searches are run on, at most. */
#define SMALL 48

static void fail(const char *what, const char *detail, const char *text, size_t len)
{
	fprintf(stderr, "fuzz_dimacs: %s\n%s\n--- input ---\n%.*s\n", what, detail ? detail : "", (int)len,
	        text ? text : "");
	abort();
}

/* Is s UTF-8 throughout? */
static bool utf8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		int more = u[i] < 0x80 ? 0 : (u[i] & 0xe0) == 0xc0 ? 1 : (u[i] & 0xf0) == 0xe0 ? 2 : (u[i] & 0xf8) == 0xf0 ? 3 : -1;
		if (more < 0 || (size_t)more >= n - i)
			return false;
		for (int k = 1; k <= more; k++)
			if ((u[i + (size_t)k] & 0xc0) != 0x80)
				return false;
		i += (size_t)more + 1;
	}
	return true;
}

/* Lines of the text: the number of the last one (a final newline ends
 * it, and starts none), and those whose first word is "e". */
static void count_lines(const char *text, size_t len, long *lines, uint64_t *e_lines)
{
	*lines = 0;
	*e_lines = 0;
	for (size_t i = 0; i < len;) {
		const char *end = memchr(text + i, '\n', len - i);
		size_t n = end ? (size_t)(end - (text + i)) : len - i;
		size_t k = 0;
		while (k < n && (text[i + k] == ' ' || text[i + k] == '\t' || text[i + k] == '\v' || text[i + k] == '\f' ||
		                 text[i + k] == '\r'))
			k++;
		if (k < n && text[i + k] == 'e' &&
		    (k + 1 == n || strchr(" \t\v\f\r", text[i + k + 1])))
			(*e_lines)++;
		(*lines)++;
		i += n + 1;
	}
}

static void check_refusal(const char *msg, long lines, const char *text, size_t len)
{
	if (strncmp(msg, "fuzz:", 5))
		fail("a refusal that does not say where", msg, text, len);
	char *end;
	long at = strtol(msg + 5, &end, 10);
	if (end == msg + 5 || strncmp(end, ": ", 2) || at < 1 || at > (lines ? lines : 1))
		fail("a refusal names a line the text does not have", msg, text, len);
	const char *why = end + 2;
	int cols = 0;
	for (const unsigned char *p = (const unsigned char *)why; *p; p++) {
		if (*p < 32 || *p == 127)
			fail("a message with a control byte", msg, text, len);
		cols += (*p & 0xc0) != 0x80;
	}
	if (!cols || cols > 80)
		fail("a message empty or wider than 80 columns", msg, text, len);
	if (!utf8(why))
		fail("a message that is not UTF-8", msg, text, len);
}

/* dimacs_write into memory, and read back. */
static void check_round_trip(const struct graph *g, const char *text, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	if (!f)
		abort();
	dimacs_write(f, g, "fuzz\nround trip");
	fclose(f);
	struct diag err;
	struct dimacs_info info;
	struct graph *back = dimacs_parse(buf, "again", &info, &err);
	if (!back)
		fail("a graph as written cannot be read back", err.msg, buf, n);
	if (back->n != g->n || back->words != g->words ||
	    memcmp(back->adj, g->adj, sizeof *g->adj * (size_t)g->n * (size_t)g->words))
		fail("a graph read back is another", NULL, text, len);
	if (info.duplicates || info.first_duplicate || info.edge_lines != graph_edges(g))
		fail("a graph as written repeats an edge", NULL, text, len);
	graph_free(back);
	free(buf);
}

/* The maximum-clique searches agree on a small graph; its size. */
static int check_cliques(const struct graph *g, const struct dimacs_symmetry *sym, const char *text, size_t len)
{
	int a[SMALL + 1], b[SMALL + 1], c[SMALL + 1];
	int k = clique_max(g, a, NULL, NULL);
	int m = clique_par_max(g, 1, b, NULL, NULL, NULL);
	if (k != m || !graph_is_clique(g, a, k) || !graph_is_clique(g, b, m))
		fail("the clique searches disagree, or give no clique", NULL, text, len);
	int w = clique_avg_max(g, sym->group, sym->block, sym->block_size, c, NULL, NULL, NULL);
	if (w != k || !graph_is_clique(g, c, w))
		fail("the search with the automorphisms and the block disagrees", NULL, text, len);
	return k;
}

/* The block is a set of vertices; with the group, it is written and
 * read back the same. */
static void check_symmetry(const struct graph *g, const struct dimacs_symmetry *sym, const char *text, size_t len)
{
	if ((sym->block == NULL) != (sym->block_size == 0) || sym->block_size > g->n)
		fail("a block and its size disagree", NULL, text, len);
	unsigned char *seen = calloc((size_t)g->n + 1, 1);
	for (int i = 0; i < sym->block_size; i++) {
		int v = sym->block[i];
		if (v < 0 || v >= g->n || seen[v])
			fail("a block accepted with a vertex out of range or twice", NULL, text, len);
		seen[v] = 1;
	}
	free(seen);
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	if (!f)
		abort();
	dimacs_write_symmetry(f, g, "fuzz", sym);
	fclose(f);
	struct diag err;
	struct dimacs_symmetry back;
	struct graph *h = dimacs_parse_symmetry(buf, "again", NULL, &back, &err);
	if (!h)
		fail("a graph with its symmetry as written cannot be read back", err.msg, buf, n);
	bool same = back.block_size == sym->block_size &&
	            (!sym->block_size || !memcmp(back.block, sym->block, sizeof *sym->block * (size_t)sym->block_size)) &&
	            (back.group == NULL) == (sym->group == NULL) &&
	            (!sym->group || (back.group->count == sym->group->count &&
	                             !memcmp(back.group->perm, sym->group->perm,
	                                     sizeof *sym->group->perm * (size_t)sym->group->count * (size_t)g->n)));
	if (!same)
		fail("the block or the automorphisms read back are others", NULL, text, len);
	graph_free(h);
	dimacs_symmetry_free(&back);
	free(buf);
}

static void check_graph(const struct graph *g, const struct dimacs_info *info, uint64_t e_lines, const char *text,
                        size_t len)
{
	if (info->edge_lines != e_lines)
		fail("an accepted graph's e lines are not the text's", NULL, text, len);
	if (info->duplicates > info->edge_lines || info->edge_lines - info->duplicates != graph_edges(g))
		fail("the edges are not the e lines less the repeats", NULL, text, len);
	if ((info->duplicates > 0) != (info->first_duplicate > 0))
		fail("a repeat without its line, or a line without a repeat", NULL, text, len);
	for (int v = 0; v < g->n && v < SMALL; v++) {
		if (graph_has_edge(g, v, v))
			fail("a self loop accepted", NULL, text, len);
		for (int u = 0; u < v; u++)
			if (graph_has_edge(g, u, v) != graph_has_edge(g, v, u))
				fail("an edge one way only", NULL, text, len);
	}
	check_round_trip(g, text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_say("empty");
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	bool nul = memchr(text, '\0', size) != NULL;
	long lines;
	uint64_t e_lines;
	count_lines(text, size, &lines, &e_lines);

	struct diag err, err2;
	struct dimacs_info info, info2;
	struct dimacs_symmetry sym;
	struct graph *g = dimacs_parse_symmetry(text, "fuzz", &info, &sym, &err);
	FILE *f = fmemopen(text, size ? size : 1, "r");
	if (!f)
		abort();
	struct graph *h = size ? dimacs_read(f, "fuzz", &info2, &err2) : dimacs_parse("", "fuzz", &info2, &err2);
	fclose(f);
	if (!nul && ((g == NULL) != (h == NULL) || (!g && strcmp(err.msg, err2.msg))))
		fail("a string and a stream of the same text get other verdicts", g ? err2.msg : err.msg, text, size);
	if (!h)
		check_refusal(err2.msg, lines, text, size);
	if (!g) {
		check_refusal(err.msg, lines, text, size);
		fuzz_say("reject %s", err.msg);
	} else {
		if (!nul) {
			check_graph(g, &info, e_lines, text, size);
			check_symmetry(g, &sym, text, size);
		}
		char omega[40] = "", block[40] = "";
		if (g->n <= SMALL)
			snprintf(omega, sizeof omega, ", clique number %d", check_cliques(g, &sym, text, size));
		/* said only when there is one, so that the verdicts of files
		 * without one read as before the block line */
		if (sym.block_size)
			snprintf(block, sizeof block, ", a block of %d", sym.block_size);
		fuzz_say("accept %d vertices, %llu edges, %llu e lines, %llu repeats (first at %ld)%s%s", g->n,
		         (unsigned long long)graph_edges(g), (unsigned long long)info.edge_lines,
		         (unsigned long long)info.duplicates, info.first_duplicate, omega, block);
	}
	dimacs_symmetry_free(&sym);
	graph_free(g);
	graph_free(h);
	free(text);
	return 0;
}
