#include "config.h"

#include "puzzles/dimacs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "solver/graph/clique_sym.h"
#include "util/lines.h"
#include "util/xalloc.h"

/* A token of the input as a message shows it: at most 20 characters,
 * "..." after it when cut, a UTF-8 character never cut in two, and any
 * byte that is not part of one (a file in Latin-1, random bytes) shown as
 * '?', so that the message is text whatever the file holds. */
#define ECHO_MAX 20

static int utf8_length(const unsigned char *t, int len)
{
	int more = t[0] < 0x80 ? 0 : (t[0] & 0xe0) == 0xc0 ? 1 : (t[0] & 0xf0) == 0xe0 ? 2 : (t[0] & 0xf8) == 0xf0 ? 3 : -1;
	if (more < 0 || more >= len)
		return 0;
	for (int k = 1; k <= more; k++)
		if ((t[k] & 0xc0) != 0x80)
			return 0;
	return more + 1;
}

static const char *echo(const char *token, int len, char *out)
{
	const unsigned char *t = (const unsigned char *)token;
	int i = 0, cols = 0;
	size_t n = 0;
	for (; i < len && cols < ECHO_MAX; cols++) {
		int k = utf8_length(t + i, len - i);
		if (k == 0 || (k == 1 && t[i] < 32)) {
			out[n++] = '?';
			i++;
			continue;
		}
		memcpy(out + n, t + i, (size_t)k);
		n += (size_t)k;
		i += k;
	}
	if (i < len) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
	return out;
}

/* Room for echo's text. */
#define ECHO_SIZE (4 * ECHO_MAX + 4)

/* A token of decimal digits as a number, however long (leading zeros
 * too), held at DIMACS_HUGE when it is larger: the caller's range check
 * then says it is too large, not that it is no number.  False if it has
 * anything but digits. */
#define DIMACS_HUGE ((uint64_t)1 << 62)

static bool number(const char *t, int len, uint64_t *v)
{
	if (!t || len == 0)
		return false;
	uint64_t x = 0;
	for (int i = 0; i < len; i++) {
		if (t[i] < '0' || t[i] > '9')
			return false;
		x = x * 10 + (uint64_t)(t[i] - '0');
		if (x > DIMACS_HUGE)
			x = DIMACS_HUGE;
	}
	*v = x;
	return true;
}

struct reader {
	const char *where;
	struct diag *err;
	struct graph *g;
	uint64_t m;             /* edges promised */
	long p_line;
	uint64_t distinct;
	struct dimacs_info info;
	struct clique_sym_group *group;  /* the automorphism lines so far */
	long *group_line;                /* the line of each */
	int *images;                     /* one line's, room for N */
	int *block;                      /* the block line's vertices, 0-based */
	int block_size;
	long block_line;
};

static bool problem_line(struct reader *rd, const char *rest, long line)
{
	int len, flen;
	const char *fmt = lines_token(&rest, &flen);
	if (rd->g) {
		diag_at(rd->err, rd->where, line, "a second 'p' line (the first is line %ld)", rd->p_line);
		return false;
	}
	if (!fmt) {
		diag_at(rd->err, rd->where, line, "expected 'p edge N M'");
		return false;
	}
	if (!(flen == 4 && !memcmp(fmt, "edge", 4)) && !(flen == 3 && !memcmp(fmt, "col", 3))) {
		char e[ECHO_SIZE];
		diag_at(rd->err, rd->where, line, "format '%s' is not 'edge' (or 'col')", echo(fmt, flen, e));
		return false;
	}
	const char *tn = lines_token(&rest, &len);
	int n_len = len;
	uint64_t n, m;
	if (!number(tn, tn ? len : 0, &n)) {
		diag_at(rd->err, rd->where, line, "expected 'p edge N M': the vertex count is not a number");
		return false;
	}
	const char *tm = lines_token(&rest, &len);
	int m_len = len;
	if (!number(tm, tm ? len : 0, &m)) {
		diag_at(rd->err, rd->where, line, "expected 'p edge N M': the edge count is not a number");
		return false;
	}
	if (lines_token(&rest, &len)) {
		diag_at(rd->err, rd->where, line, "junk after 'p edge N M'");
		return false;
	}
	if (n > GRAPH_MAX_VERTICES) {
		char e[ECHO_SIZE];
		diag_at(rd->err, rd->where, line, "%s vertices: too large (at most %d)", echo(tn, n_len, e),
		        GRAPH_MAX_VERTICES);
		return false;
	}
	if (m > DIMACS_MAX_EDGES) {
		char e[ECHO_SIZE];
		diag_at(rd->err, rd->where, line, "%s edges: too large (at most %d)", echo(tm, m_len, e), DIMACS_MAX_EDGES);
		return false;
	}
	rd->g = graph_new((int)n);
	rd->m = m;
	rd->p_line = line;
	return true;
}

/* An e line's edge uv (0-based), counted, a repeat too. */
static void add_edge(struct reader *rd, int u, int v, long line)
{
	rd->info.edge_lines++;
	if (graph_add_edge(rd->g, u, v)) {
		rd->distinct++;
	} else {
		if (!rd->info.duplicates)
			rd->info.first_duplicate = line;
		rd->info.duplicates++;
	}
}

static bool edge_line(struct reader *rd, const char *rest, long line)
{
	if (!rd->g) {
		diag_at(rd->err, rd->where, line, "an edge before the 'p edge N M' line");
		return false;
	}
	int len;
	uint64_t uv[2];
	for (int i = 0; i < 2; i++) {
		const char *t = lines_token(&rest, &len);
		if (!t || !number(t, len, &uv[i])) {
			diag_at(rd->err, rd->where, line, "expected 'e U V' with two vertex numbers");
			return false;
		}
		char e[ECHO_SIZE];
		if (rd->g->n == 0) {
			diag_at(rd->err, rd->where, line, "vertex %s: the 'p' line says there are none", echo(t, len, e));
			return false;
		}
		if (uv[i] < 1 || uv[i] > (uint64_t)rd->g->n) {
			diag_at(rd->err, rd->where, line, "vertex %s out of range (1 to %d)", echo(t, len, e), rd->g->n);
			return false;
		}
	}
	if (lines_token(&rest, &len)) {
		diag_at(rd->err, rd->where, line, "junk after 'e U V'");
		return false;
	}
	if (uv[0] == uv[1]) {
		diag_at(rd->err, rd->where, line, "self loop at vertex %" PRIu64, uv[0]);
		return false;
	}
	if (rd->info.edge_lines >= DIMACS_MAX_EDGES) {
		diag_at(rd->err, rd->where, line, "more than %d edges: too large", DIMACS_MAX_EDGES);
		return false;
	}
	add_edge(rd, (int)uv[0] - 1, (int)uv[1] - 1, line);
	return true;
}

/* An edge line as the generators write it, "e U V" with a blank each
 * and nothing else, U and V different and in range: taken here without
 * cutting it into tokens, since such lines are most of a large file.
 * False for anything else, which one_line then reads, to name the fault
 * if there is one.  The line holds nothing but 'e', blanks and digits
 * when taken, so it needs no check for binary bytes either. */
static bool edge_quick(struct reader *rd, const char *s, long len, long line)
{
	if (s[0] != 'e' || s[1] != ' ' || !rd->g || rd->info.edge_lines >= DIMACS_MAX_EDGES)
		return false;
	const char *p = s + 2, *t = p;
	uint32_t u = 0, v = 0;
	/* nine digits at most: more may be a number too large, or leading
	 * zeros, which edge_line sorts out */
	for (; *p >= '0' && *p <= '9' && p - t < 10; p++)
		u = u * 10 + (uint32_t)(*p - '0');
	if (p == t || p - t > 9 || *p != ' ')
		return false;
	t = ++p;
	for (; *p >= '0' && *p <= '9' && p - t < 10; p++)
		v = v * 10 + (uint32_t)(*p - '0');
	uint32_t n = (uint32_t)rd->g->n;
	if (p == t || p - t > 9 || p != s + len || u < 1 || u > n || v < 1 || v > n || u == v)
		return false;
	add_edge(rd, (int)u - 1, (int)v - 1, line);
	return true;
}

static bool automorphism_line(struct reader *rd, const char *rest, long line)
{
	if (!rd->g) {
		diag_at(rd->err, rd->where, line, "an automorphism before the 'p edge N M' line");
		return false;
	}
	if (rd->info.automorphisms >= DIMACS_MAX_AUTOMORPHISMS) {
		diag_at(rd->err, rd->where, line, "more than %d automorphisms: too many", DIMACS_MAX_AUTOMORPHISMS);
		return false;
	}
	int n = rd->g->n, k = 0, len;
	if (!rd->images) {
		rd->images = xmalloc(sizeof *rd->images * ((size_t)n + 1));
		rd->group = clique_sym_group_new(n);
	}
	/* a bit per vertex: an image given twice is caught on the spot */
	uint64_t *seen = xcalloc((size_t)graph_words(n) + 1, sizeof *seen);
	bool ok = true;
	const char *t;
	while (ok && (t = lines_token(&rest, &len))) {
		uint64_t v;
		char e[ECHO_SIZE];
		if (!number(t, len, &v)) {
			diag_at(rd->err, rd->where, line, "automorphism: '%s' is not a vertex number", echo(t, len, e));
			ok = false;
		} else if (v < 1 || v > (uint64_t)n) {
			diag_at(rd->err, rd->where, line, "automorphism: vertex %s out of range (1 to %d)", echo(t, len, e), n);
			ok = false;
		} else if (k >= n) {
			diag_at(rd->err, rd->where, line, "automorphism: more than the %d images of 1 .. %d", n, n);
			ok = false;
		} else if (graph_bit_test(seen, (int)v - 1)) {
			diag_at(rd->err, rd->where, line,
			        "automorphism: %" PRIu64 " is the image of two vertices (not a permutation)", v);
			ok = false;
		} else {
			graph_bit_set(seen, (int)v - 1);
			rd->images[k++] = (int)v - 1;
		}
	}
	free(seen);
	if (ok && k < n) {
		diag_at(rd->err, rd->where, line, "automorphism: %d images, expected %d (the images of 1 .. %d)", k, n, n);
		ok = false;
	}
	if (!ok)
		return false;
	clique_sym_group_add(rd->group, rd->images);
	rd->group_line = xreallocarray(rd->group_line, (size_t)rd->group->count, sizeof *rd->group_line);
	rd->group_line[rd->group->count - 1] = line;
	rd->info.automorphisms++;
	return true;
}

/* A block: distinct vertices, at least one; nothing more is asked of
 * it, since the averaging bound holds for every vertex set (a poor one
 * only gives a weak bound). */
static bool block_line(struct reader *rd, const char *rest, long line)
{
	if (!rd->g) {
		diag_at(rd->err, rd->where, line, "a block before the 'p edge N M' line");
		return false;
	}
	if (rd->block_line) {
		diag_at(rd->err, rd->where, line, "a second block line (the first is line %ld)", rd->block_line);
		return false;
	}
	int n = rd->g->n, k = 0, len;
	int *block = xmalloc(sizeof *block * ((size_t)n + 1));
	uint64_t *seen = xcalloc((size_t)graph_words(n) + 1, sizeof *seen);
	bool ok = true;
	const char *t;
	while (ok && (t = lines_token(&rest, &len))) {
		uint64_t v;
		char e[ECHO_SIZE];
		if (!number(t, len, &v)) {
			diag_at(rd->err, rd->where, line, "block: '%s' is not a vertex number", echo(t, len, e));
			ok = false;
		} else if (v < 1 || v > (uint64_t)n) {
			diag_at(rd->err, rd->where, line, "block: vertex %s out of range (1 to %d)", echo(t, len, e), n);
			ok = false;
		} else if (graph_bit_test(seen, (int)v - 1)) {
			diag_at(rd->err, rd->where, line, "block: vertex %" PRIu64 " given twice", v);
			ok = false;
		} else {
			graph_bit_set(seen, (int)v - 1);
			block[k++] = (int)v - 1;
		}
	}
	free(seen);
	if (ok && k == 0) {
		diag_at(rd->err, rd->where, line, "block: no vertices (expected 'c block I1 I2 ...')");
		ok = false;
	}
	if (!ok) {
		free(block);
		return false;
	}
	rd->block = block;
	rd->block_size = k;
	rd->block_line = line;
	return true;
}

/* Once the graph is whole: does each automorphism line map every edge to
 * an edge?  The first edge that fails is named, to help find the slip. */
static bool check_automorphisms(struct reader *rd)
{
	if (!rd->group)
		return true;
	const struct graph *g = rd->g;
	for (int i = 0; i < rd->group->count; i++) {
		const int *p = clique_sym_group_perm(rd->group, i);
		for (int u = 0; u < g->n; u++) {
			const uint64_t *r = graph_row(g, u);
			for (int w = 0; w < g->words; w++)
				for (uint64_t bits = r[w]; bits; bits &= bits - 1) {
					int v = w * 64 + __builtin_ctzll(bits);
					if (u < v && !graph_has_edge(g, p[u], p[v])) {
						diag_at(rd->err, rd->where, rd->group_line[i],
						        "not an automorphism: it maps the edge %d %d to %d %d, which is no edge",
						        u + 1, v + 1, p[u] + 1, p[v] + 1);
						return false;
					}
				}
		}
	}
	return true;
}

static bool one_line(struct reader *rd, const char *buf, long line)
{
	const char *rest = buf;
	int len;
	const char *t = lines_token(&rest, &len);
	if (!t)
		return true; /* blank */
	if (len == 1 && t[0] == 'c') {
		const char *after = rest;
		const char *w = lines_token(&after, &len);
		if (w && len == 12 && !memcmp(w, "automorphism", 12))
			return automorphism_line(rd, after, line);
		if (w && len == 5 && !memcmp(w, "block", 5))
			return block_line(rd, after, line);
		return true;
	}
	if (len == 1 && t[0] == 'p')
		return problem_line(rd, rest, line);
	if (len == 1 && t[0] == 'e')
		return edge_line(rd, rest, line);
	if (t[0] == 'c' && buf[0] == 'c')
		return true; /* "cfoo": a comment run into its text */
	char e[ECHO_SIZE];
	diag_at(rd->err, rd->where, line, "unexpected line '%s' (expected c, p or e)", echo(t, len, e));
	return false;
}

static struct graph *read_source(struct lines_source *src, const char *where, struct dimacs_info *info,
                                 struct dimacs_symmetry *sym, struct diag *err)
{
	if (sym)
		*sym = (struct dimacs_symmetry){ 0 };
	struct reader rd = { .where = where, .err = err };
	char *buf;
	long line = 0, got;
	int bad = 0;
	bool ok = true;
	while (ok && (got = lines_next(src, &buf, DIMACS_MAX_LINE, &bad)) != LINES_END) {
		line++;
		if (got >= 0 && edge_quick(&rd, buf, got, line))
			continue;
		if (got >= 0 && (bad = lines_binary(buf, got)) >= 0)
			got = LINES_BINARY;
		if (got == LINES_LONG) {
			diag_at(err, where, line, "line longer than %d bytes", DIMACS_MAX_LINE);
			ok = false;
		} else if (got == LINES_BINARY) {
			diag_at(err, where, line, "binary data (byte 0x%02x), not a text file", bad);
			ok = false;
		} else {
			ok = one_line(&rd, buf, line);
		}
	}
	lines_done(src);
	if (ok && src->f && ferror(src->f)) {
		diag_at(err, where, line, "%s", strerror(src->error ? src->error : EIO));
		ok = false;
	}
	if (ok && !rd.g) {
		diag_at(err, where, line ? line : 1, "no 'p edge N M' line");
		ok = false;
	}
	if (ok && rd.m != rd.info.edge_lines && rd.m != rd.distinct) {
		if (rd.info.duplicates)
			diag_at(err, where, rd.p_line, "the 'p' line promises %" PRIu64 " edges, the file has %" PRIu64
			        " (%" PRIu64 " different)", rd.m, rd.info.edge_lines, rd.distinct);
		else
			diag_at(err, where, rd.p_line, "the 'p' line promises %" PRIu64 " edges, the file has %" PRIu64, rd.m,
			        rd.info.edge_lines);
		ok = false;
	}
	if (ok)
		ok = check_automorphisms(&rd);
	free(rd.images);
	free(rd.group_line);
	if (!ok) {
		clique_sym_group_free(rd.group);
		free(rd.block);
		graph_free(rd.g);
		return NULL;
	}
	rd.info.block_size = rd.block_size;
	rd.info.block_line = rd.block_line;
	if (info)
		*info = rd.info;
	if (sym) {
		sym->group = rd.group;
		sym->block = rd.block;
		sym->block_size = rd.block_size;
	} else {
		clique_sym_group_free(rd.group);
		free(rd.block);
	}
	return rd.g;
}

void dimacs_symmetry_free(struct dimacs_symmetry *sym)
{
	if (!sym)
		return;
	clique_sym_group_free(sym->group);
	free(sym->block);
	*sym = (struct dimacs_symmetry){ 0 };
}

/* The group alone, for the readers that ask for no block. */
static struct graph *group_only(struct graph *g, struct dimacs_symmetry *sym, struct clique_sym_group **group)
{
	if (group) {
		*group = sym->group;
		sym->group = NULL;
	}
	dimacs_symmetry_free(sym);
	return g;
}

struct graph *dimacs_read(FILE *f, const char *name, struct dimacs_info *info, struct diag *err)
{
	return dimacs_read_sym(f, name, info, NULL, err);
}

struct graph *dimacs_parse(const char *text, const char *name, struct dimacs_info *info, struct diag *err)
{
	return dimacs_parse_sym(text, name, info, NULL, err);
}

struct graph *dimacs_read_sym(FILE *f, const char *name, struct dimacs_info *info, struct clique_sym_group **group,
                              struct diag *err)
{
	struct dimacs_symmetry sym;
	struct graph *g = dimacs_read_symmetry(f, name, info, &sym, err);
	return group_only(g, &sym, group);
}

struct graph *dimacs_parse_sym(const char *text, const char *name, struct dimacs_info *info,
                               struct clique_sym_group **group, struct diag *err)
{
	struct dimacs_symmetry sym;
	struct graph *g = dimacs_parse_symmetry(text, name, info, &sym, err);
	return group_only(g, &sym, group);
}

struct graph *dimacs_read_symmetry(FILE *f, const char *name, struct dimacs_info *info, struct dimacs_symmetry *sym,
                                   struct diag *err)
{
	struct lines_source src = { .f = f };
	return read_source(&src, name, info, sym, err);
}

struct graph *dimacs_parse_symmetry(const char *text, const char *name, struct dimacs_info *info,
                                    struct dimacs_symmetry *sym, struct diag *err)
{
	struct lines_source src = { .s = text };
	return read_source(&src, name, info, sym, err);
}

void dimacs_write(FILE *f, const struct graph *g, const char *comment)
{
	dimacs_write_sym(f, g, comment, NULL);
}

void dimacs_write_sym(FILE *f, const struct graph *g, const char *comment, const struct clique_sym_group *group)
{
	struct dimacs_symmetry sym = { .group = (struct clique_sym_group *)group };
	dimacs_write_symmetry(f, g, comment, &sym);
}

void dimacs_write_symmetry(FILE *f, const struct graph *g, const char *comment, const struct dimacs_symmetry *sym)
{
	const struct clique_sym_group *group = sym ? sym->group : NULL;
	if (comment) {
		for (const char *s = comment; *s;) {
			const char *e = strchr(s, '\n');
			int n = e ? (int)(e - s) : (int)strlen(s);
			fprintf(f, "c %.*s\n", n, s);
			s += n + (e != NULL);
		}
	}
	fprintf(f, "p edge %d %" PRIu64 "\n", g->n, graph_edges(g));
	for (int i = 0; group && i < group->count; i++) {
		const int *p = clique_sym_group_perm(group, i);
		fputs("c automorphism", f);
		for (int v = 0; v < g->n; v++)
			fprintf(f, " %d", p[v] + 1);
		fputc('\n', f);
	}
	if (sym && sym->block && sym->block_size > 0) {
		fputs("c block", f);
		for (int i = 0; i < sym->block_size; i++)
			fprintf(f, " %d", sym->block[i] + 1);
		fputc('\n', f);
	}
	for (int u = 0; u < g->n; u++) {
		const uint64_t *r = graph_row(g, u);
		for (int w = (u + 1) / 64; w < g->words; w++) {
			uint64_t bits = r[w];
			if (w == (u + 1) / 64)
				bits &= ~(uint64_t)0 << ((u + 1) & 63);
			for (; bits; bits &= bits - 1)
				fprintf(f, "e %d %d\n", u + 1, w * 64 + __builtin_ctzll(bits) + 1);
		}
	}
}
