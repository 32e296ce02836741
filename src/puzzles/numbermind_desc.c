/* Number Mind's descriptions (numbermind_state.h): read line by line, a
 * fault named at its line (from 0, for start's *bad_line) in a player's
 * words, and written back so that start(describe(s)) is s. */
#include "config.h"

#include "puzzles/numbermind_desc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_state.h"

struct reading {
	struct puzzle_state *s;
	bool have_secret;
	bool entries_seen, crossed_seen;
	struct diag *err;
};

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The digits of a word at p (up to a blank, ';' or the end), into
 * digits[]; their number, or -1 and why if not all are digits or there
 * are too many. */
static int read_digits(const char *p, uint8_t *digits, const char *what, struct diag *err)
{
	int n = 0;
	size_t len = strcspn(p, " \t;");
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)p[i])) {
			diag_set(err, "%s '%.*s' has '%c' at place %d: only digits 0 to 9", what, (int)(len < 24 ? len : 24), p,
			         isprint((unsigned char)p[i]) ? p[i] : '?', (int)i + 1);
			return -1;
		}
		if (n == NM_DIGITS_MAX) {
			diag_set(err, "%s '%.24s...' is longer than %d digits", what, p, NM_DIGITS_MAX);
			return -1;
		}
		digits[n++] = (uint8_t)(p[i] - '0');
	}
	return n;
}

/* A length read is the secret's: the first sets it. */
static bool check_length(struct reading *r, int n, const char *what)
{
	if (r->s->p.digits == 0) {
		r->s->p.digits = n;
		return true;
	}
	if (n == r->s->p.digits)
		return true;
	diag_set(r->err, "%s has %d digit%s, the secret %d", what, n, n == 1 ? "" : "s", r->s->p.digits);
	return false;
}

/* "90342 ;2 correct", "90342 ;2", "90342 2" or "90342 2 correct". */
static bool read_guess(struct reading *r, const char *line)
{
	struct puzzle_state *s = r->s;
	struct nm_problem *p = &s->p;
	uint8_t digits[NM_DIGITS_MAX];
	int n = read_digits(line, digits, "the guess", r->err);
	if (n < 0)
		return false;
	char what[64];
	snprintf(what, sizeof what, "guess %d (%.*s)", p->n_guesses + 1, n, line);
	if (!check_length(r, n, what))
		return false;
	if (p->n_guesses == NM_GUESSES_MAX) {
		diag_set(r->err, "more than %d guesses", NM_GUESSES_MAX);
		return false;
	}
	const char *q = skip_blanks(line + n);
	if (*q == ';')
		q = skip_blanks(q + 1);
	char *end;
	long score = isdigit((unsigned char)*q) ? strtol(q, &end, 10) : -1;
	if (score < 0) {
		diag_set(r->err, "guess %.*s needs its score, as in '%.*s ;2 correct'", n, line, n, line);
		return false;
	}
	q = skip_blanks(end);
	if (!strncmp(q, "correct", 7))
		q = skip_blanks(q + 7);
	if (*q) {
		diag_set(r->err, "after the score: '%.12s' (a line is '%.*s ;2 correct')", q, n < 20 ? n : 20, line);
		return false;
	}
	if (score > n) {
		diag_set(r->err, "guess %.*s scores %ld: a score is 0 to %d, its digits", n, line, score, n);
		return false;
	}
	for (int g = 0; g < p->n_guesses; g++)
		if (!memcmp(p->guess[g], digits, (size_t)n)) {
			diag_set(r->err, "guess %.*s is given twice: it is guess %d already", n, line, g + 1);
			return false;
		}
	if (s->duel) {
		struct nm_problem one = { .digits = n, .n_guesses = 1 };
		memcpy(one.guess[0], s->secret, (size_t)n);
		int real = nm_score(&one, 0, digits);
		if (real != score) {
			diag_set(r->err, "guess %.*s scores %d against the duel's secret, not %ld", n, line, real, score);
			return false;
		}
	}
	memcpy(p->guess[p->n_guesses], digits, (size_t)n);
	p->correct[p->n_guesses++] = (uint8_t)score;
	return true;
}

/* "entries 3.54." */
static bool read_entries(struct reading *r, const char *q)
{
	struct puzzle_state *s = r->s;
	size_t len = strcspn(q, " \t");
	if (r->entries_seen) {
		diag_set(r->err, "a second line of entries");
		return false;
	}
	r->entries_seen = true;
	if (!s->p.digits) {
		diag_set(r->err, "entries before any guess: the guesses come first");
		return false;
	}
	if ((int)len != s->p.digits || *skip_blanks(q + len)) {
		diag_set(r->err, "the entries are %d characters, one a place (%d): a digit or '.'", (int)len, s->p.digits);
		return false;
	}
	for (int k = 0; k < s->p.digits; k++) {
		if (q[k] != '.' && !isdigit((unsigned char)q[k])) {
			diag_set(r->err, "the entry of place %d is '%c': a digit, or '.' for none", k + 1,
			         isprint((unsigned char)q[k]) ? q[k] : '?');
			return false;
		}
		s->entry[k] = (int8_t)(q[k] == '.' ? -1 : q[k] - '0');
	}
	return true;
}

/* "crossed 1:03 5:4" */
static bool read_crossed(struct reading *r, const char *q)
{
	struct puzzle_state *s = r->s;
	if (r->crossed_seen || !s->p.digits) {
		diag_set(r->err, r->crossed_seen ? "a second line of crossed digits" : "crossed digits before any guess");
		return false;
	}
	r->crossed_seen = true;
	while (*(q = skip_blanks(q))) {
		char *end;
		long place = isdigit((unsigned char)*q) ? strtol(q, &end, 10) : 0;
		if (place < 1 || place > s->p.digits || *end != ':') {
			diag_set(r->err, "'%.12s' is not crossed digits: a place, ':' and digits (1:03)", q);
			return false;
		}
		uint8_t digits[NM_DIGITS_MAX];
		int n = read_digits(end + 1, digits, "the crossed digits", r->err);
		if (n <= 0) {
			if (n == 0)
				diag_set(r->err, "place %ld: no digits after ':'", place);
			return false;
		}
		for (int i = 0; i < n; i++)
			s->crossed[place - 1] |= (uint16_t)(1u << digits[i]);
		q = end + 1 + n;
	}
	return true;
}

static bool read_secret(struct reading *r, const char *q)
{
	struct puzzle_state *s = r->s;
	if (!s->duel || r->have_secret) {
		diag_set(r->err, s->duel ? "a second secret" : "a secret belongs to a duel: its first line is 'duel'");
		return false;
	}
	uint8_t digits[NM_DIGITS_MAX];
	int n = read_digits(q, digits, "the secret", r->err);
	if (n < 0)
		return false;
	if (n == 0 || *skip_blanks(q + n)) {
		diag_set(r->err, "the secret is its digits alone, as in 'secret 39542'");
		return false;
	}
	if (s->p.n_guesses) {
		diag_set(r->err, "the secret comes before the guesses");
		return false;
	}
	memcpy(s->secret, digits, (size_t)n);
	s->p.digits = n;
	r->have_secret = true;
	return true;
}

/* One line, blanks at its ends taken off. */
static bool read_line(struct reading *r, const char *line, bool first)
{
	if (first && !strcmp(line, "duel")) {
		r->s->duel = true;
		return true;
	}
	if (!strncmp(line, "secret", 6) && (line[6] == ' ' || line[6] == '\t'))
		return read_secret(r, skip_blanks(line + 6));
	if (r->s->duel && !r->have_secret) {
		diag_set(r->err, "a duel's second line is its secret: 'secret 39542'");
		return false;
	}
	if (!strncmp(line, "entries", 7) && (line[7] == ' ' || line[7] == '\t'))
		return read_entries(r, skip_blanks(line + 7));
	if (!strncmp(line, "crossed", 7) && (line[7] == ' ' || line[7] == '\t' || !line[7]))
		return read_crossed(r, line + 7);
	if (isdigit((unsigned char)*line))
		return read_guess(r, line);
	diag_set(r->err, "'%.16s' is not a guess such as '90342 ;2 correct'", line);
	return false;
}

bool numbermind_desc_read(struct puzzle_state *s, const char *desc, int *bad_line, struct diag *err)
{
	memset(s, 0, sizeof *s);
	memset(s->entry, -1, sizeof s->entry);
	struct reading r = { .s = s, .err = err };
	int number = 0;
	bool first = true;
	char line[256];
	for (const char *p = desc; *p; number++) {
		size_t len = strcspn(p, "\n");
		*bad_line = number;
		if (len >= sizeof line) {
			diag_set(err, "a line of more than %d characters", (int)sizeof line - 1);
			return false;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (p[len] == '\n');
		while (len > 0 && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		const char *text = skip_blanks(line);
		if (!*text || *text == '#')
			continue;
		if (!read_line(&r, text, first))
			return false;
		first = false;
	}
	*bad_line = -1;
	if (s->duel && !r.have_secret) {
		diag_set(err, "a duel without its secret: 'secret 39542' after 'duel'");
		return false;
	}
	if (!s->duel && s->p.n_guesses == 0) {
		diag_set(err, "no guesses: a puzzle is lines such as '90342 ;2 correct'");
		return false;
	}
	for (int k = 0; k < s->p.digits; k++)
		s->p.allowed[k] = NM_ALL_DIGITS;
	return true;
}

void numbermind_desc_write(const struct puzzle_state *s, struct strbuf *out)
{
	const struct nm_problem *p = &s->p;
	if (s->duel) {
		strbuf_addf(out, "duel\nsecret ");
		for (int k = 0; k < p->digits; k++)
			strbuf_addf(out, "%d", s->secret[k]);
		strbuf_addf(out, "\n");
	}
	for (int g = 0; g < p->n_guesses; g++) {
		for (int k = 0; k < p->digits; k++)
			strbuf_addf(out, "%d", p->guess[g][k]);
		strbuf_addf(out, " ;%d correct\n", p->correct[g]);
	}
	bool entries = false, crossed = false;
	for (int k = 0; k < p->digits; k++) {
		entries |= s->entry[k] >= 0;
		crossed |= s->crossed[k] != 0;
	}
	if (entries) {
		strbuf_addf(out, "entries ");
		for (int k = 0; k < p->digits; k++)
			strbuf_addf(out, "%c", s->entry[k] >= 0 ? '0' + s->entry[k] : '.');
		strbuf_addf(out, "\n");
	}
	if (crossed) {
		strbuf_addf(out, "crossed");
		for (int k = 0; k < p->digits; k++) {
			if (!s->crossed[k])
				continue;
			strbuf_addf(out, " %d:", k + 1);
			for (int d = 0; d < 10; d++)
				if (s->crossed[k] >> d & 1)
					strbuf_addf(out, "%d", d);
		}
		strbuf_addf(out, "\n");
	}
}
