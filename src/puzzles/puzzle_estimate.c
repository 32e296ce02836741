/* Knuth's estimate of a search tree, as the estimate commands ask it of a
 * family (puzzle.h): random walks of one of the family's engines from a
 * position, or of Dancing Links on an exact cover read from a file; and
 * the one form every estimate is printed in, whichever family, engine or
 * input, so that a reader (or a script) meets the same lines each time. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/xc_engine.h"
#include "solver/estimate.h"
#include "util/xalloc.h"

/* The figures of e, as out keeps them. */
static void take(struct puzzle_estimate *out, const struct estimate *e)
{
	out->walks = e->probes;
	out->solution_walks = estimate_solution_walks(e);
	out->nodes = estimate_nodes(e);
	out->nodes_se = estimate_nodes_se(e);
	out->solutions = estimate_solutions(e);
	out->solutions_se = estimate_solutions_se(e);
	out->depth = e->depth;
	out->level = xcalloc((size_t)(e->depth > 0 ? e->depth : 1), sizeof *out->level);
	for (int l = 0; l < e->depth; l++)
		out->level[l] = estimate_level(e, l);
}

void puzzle_xc_estimate(const struct xc_problem *p, enum dlx_rule rule, uint64_t walks, uint64_t seed,
                        struct puzzle_estimate *out)
{
	struct dlx *d = dlx_new(p, rule);
	struct estimate e;
	estimate_init(&e, dlx_depth(d), seed);
	estimate_probe(&e, d, walks, NULL);
	*out = (struct puzzle_estimate){ .engine = xc_engine_dlx.name, .title = xc_engine_dlx.title };
	take(out, &e);
	estimate_free(&e);
	dlx_free(d);
}

static bool can_walk(const struct engine *e)
{
	return e->ops->walk || e->ops->probe;
}

/* Can pz's engine pe walk from s? */
static bool walker(const struct puzzle *pz, const struct puzzle_engine *pe, const struct puzzle_state *s)
{
	struct engine *e = pe->new(pz, s);
	bool walks = e && can_walk(e);
	engine_free(e);
	return walks;
}

/* "bnb, bt, greedy or lp": pz's engines that walk from s. */
static void walkers(const struct puzzle *pz, const struct puzzle_state *s, char *buf, size_t size)
{
	const struct puzzle_engine *list[16];
	int n = 0;
	for (int i = 0; pz->engines && pz->engines[i] && n < 16; i++)
		if (walker(pz, pz->engines[i], s))
			list[n++] = pz->engines[i];
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		                       list[i]->name);
}

/* The engine an estimate is of: the one named, or the one solve and count
 * search a level with: Dancing Links for a family with an exact-cover
 * part (by rule, as those commands branch), else the family's first that
 * can walk.  NULL and why not. */
static struct engine *engine_for(const struct puzzle *pz, const struct puzzle_state *s,
                                 const struct puzzle_estimate_opts *o, const struct puzzle_engine **pe,
                                 struct diag *err)
{
	char names[160];
	*pe = o->engine ? puzzle_engine_find(pz, o->engine) : pz->xc ? &xc_engine_dlx : NULL;
	for (int i = 0; !*pe && !o->engine && pz->engines && pz->engines[i]; i++)
		if (walker(pz, pz->engines[i], s))
			*pe = pz->engines[i];
	if (!*pe) {
		walkers(pz, s, names, sizeof names);
		if (o->engine)
			diag_set(err, "%s has no engine '%.20s': estimate walks with %s", pz->title, o->engine, names);
		else
			diag_set(err, "%s has no engine that makes random walks", pz->title);
		return NULL;
	}
	bool dlx = *pe == &xc_engine_dlx && pz->xc;
	if (o->rule_given && !dlx) {
		diag_set(err, "--branch is Dancing Links' rule; the %s engine has its own", (*pe)->name);
		return NULL;
	}
	struct engine *e = dlx ? xc_engine_new(pz, s, o->rule) : (*pe)->new(pz, s);
	if (!e) {
		diag_set(err, "the %s engine cannot start on this position", (*pe)->name);
		return NULL;
	}
	if (!can_walk(e)) {
		engine_free(e);
		walkers(pz, s, names, sizeof names);
		diag_set(err, "the %s engine makes no random walks: %s do", (*pe)->name, names);
		return NULL;
	}
	return e;
}

bool puzzle_estimate(const struct puzzle *pz, const struct puzzle_state *s, const struct puzzle_estimate_opts *o,
                     struct puzzle_estimate *out, struct diag *err)
{
	const struct puzzle_engine *pe;
	struct engine *e = engine_for(pz, s, o, &pe, err);
	if (!e)
		return false;
	struct estimate est;
	estimate_init(&est, 1, o->seed);
	estimate_engine(&est, e, o->walks, NULL);
	*out = (struct puzzle_estimate){ .engine = pe->name, .title = pe->title, .ahead = e->ops->walk != NULL };
	take(out, &est);
	estimate_free(&est);
	engine_free(e);
	return true;
}

void puzzle_estimate_free(struct puzzle_estimate *e)
{
	free(e->level);
	e->level = NULL;
}

/* x as few figures as say it: whole numbers as they are (to 10^15, past
 * which a double's digits stop being exact), others to two significant
 * figures ("0.96", "0.078", "2.4") or, if large, to the unit ("369");
 * beyond 10^15, four figures and a power of ten ("6.671e+21"). */
static void figure(double x, char *buf, size_t size)
{
	double a = fabs(x);
	if (!isfinite(x))
		snprintf(buf, size, "%s", "?");
	else if (a >= 1e15)
		snprintf(buf, size, "%.3e", x);
	else if (a >= 100 || x == floor(x))
		snprintf(buf, size, "%.0f", x);
	else if (a < 1e-9)
		snprintf(buf, size, "%.1e", x);
	else
		snprintf(buf, size, "%.*f", (int)fmax(0, 1 - floor(log10(a))), x);
}

/* "nodes: 218 +- 2.4"; one walk has no spread to give. */
static void line(FILE *f, const char *name, double x, double se, const char *after)
{
	char a[64], b[64];
	figure(x, a, sizeof a);
	figure(se, b, sizeof b);
	if (isfinite(se))
		fprintf(f, "%s: %s +- %s%s\n", name, a, b, after);
	else
		fprintf(f, "%s: %s (one walk: no spread to go by)%s\n", name, a, after);
}

void puzzle_estimate_print(FILE *f, const struct puzzle_estimate *e)
{
	fprintf(f, "estimate from %" PRIu64 " random walk%s (Knuth), +- one standard error\n", e->walks,
	        e->walks == 1 ? "" : "s");
	fprintf(f, "engine: %s (%s)%s\n", e->engine, e->title, e->ahead ? ", each walk looking one level ahead" : "");
	line(f, "nodes", e->nodes, e->nodes_se, "");
	if (e->solution_walks) {
		char after[64];
		snprintf(after, sizeof after, " (%" PRIu64 " walk%s met one)", e->solution_walks,
		         e->solution_walks == 1 ? "" : "s");
		line(f, "solutions", e->solutions, e->solutions_se, after);
	} else {
		/* An estimate of 0 from walks that met none says nothing of the
		 * solutions a walk did not reach: said so, not as 0 +- 0. */
		fprintf(f, "solutions: 0, as no walk met one; there may be some all the same\n");
	}
	for (int l = 0; l < e->depth; l++)
		if (e->level[l] > 0) {
			char x[64];
			figure(e->level[l], x, sizeof x);
			fprintf(f, "level %d: %s\n", l, x);
		}
}
