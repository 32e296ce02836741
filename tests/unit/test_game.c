/* The mid-end: sessions, saves, records, files, and the families' moves
 * and dead ends. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/files.h"
#include "game/records.h"
#include "game/save.h"
#include "game/session.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"

static const char *const LEVEL = "GGPPPPK....\nDGGGSKK.MM.\nDD.SSSKMM..\nDD..S.KMO..\n......OOO..\n";
/* Its solution: TTT at the bottom left, Y, B, W, L. */
static const char *const MOVES[] = {
	"T@r3c3,r4c3,r5c1,r5c2,r5c3", "Y@r4c4,r4c6,r5c4,r5c5,r5c6", "B@r1c8,r1c9,r1c10,r1c11,r2c8",
	"W@r2c11,r3c10,r3c11", "L@r4c10,r4c11,r5c10,r5c11",
};

static struct session *new_game(void)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, LEVEL, &bad, &err);
	return s ? session_new(pz, s) : NULL;
}

static void describe(const struct session *s, int i, char *buf, size_t size)
{
	s->pz->describe(s->state[i], buf, size);
}

static void test_session(void)
{
	struct session *s = new_game();
	struct diag err;
	ok(s != NULL, "a session from a level's board");
	for (int i = 0; i < 5; i++)
		if (!session_play(s, MOVES[i], &err))
			tap_diag("move %d: %s", i, err.msg);
	is_u64(session_moves(s), 5, "five moves made");
	ok(session_solved(s) && s->finished, "and it is solved");
	char a[256], b[256];
	describe(s, s->cur, a, sizeof a);
	is_str(a, "GGPPPPKBBBB\nDGGGSKKBMMW\nDDTSSSKMMWW\nDDTYSYKMOLL\nTTTYYYOOOLL\n", "the solved board");

	/* Walk back to the start and forward again: the same states. */
	int undone = 0;
	while (session_undo(s))
		undone++;
	is_u64(undone, 5, "undo walks back five moves");
	describe(s, s->cur, b, sizeof b);
	is_str(b, LEVEL, "to the start");
	int redone = 0;
	while (session_redo(s))
		redone++;
	describe(s, s->cur, b, sizeof b);
	ok(redone == 5 && !strcmp(a, b), "redo walks forward to the same solved board");

	/* A new move after undoing cuts off what lay ahead. */
	session_undo(s);
	session_undo(s);
	ok(session_play(s, "-Y", &err), "a piece taken off is a move");
	is_u64(s->n, 5, "the moves undone are forgotten");
	ok(!session_redo(s), "nothing to redo after a new move");
	ok(!session_play(s, "-G", &err) && strstr(err.msg, "part of the puzzle"), "a level's piece stays: %s", err.msg);
	ok(!session_play(s, "T@r1c8,r1c9,r1c10,r2c10,r3c10", &err) && strstr(err.msg, "already on the board"),
	   "a piece cannot be placed twice: %s", err.msg);
	ok(!session_play(s, "Y@r1c1,r1c2", &err), "nor on the wrong cells: %s", err.msg);
	ok(!session_play(s, "nonsense", &err), "nonsense is no move: %s", err.msg);
	session_restart(s);
	is_u64(session_moves(s), 0, "restart goes back to the start");
	ok(session_redo(s), "and redo brings the moves back");
	session_free(s);
}

static void test_save_round_trip(void)
{
	struct session *s = new_game();
	struct diag err;
	for (int i = 0; i < 4; i++)
		session_play(s, MOVES[i], &err);
	session_play(s, "-W", &err);
	session_undo(s);
	s->played = 83.5;
	s->hints = 2;
	snprintf(s->name, sizeof s->name, "1-01");
	s->grade = 1;
	char *text = save_format(s);
	struct session *t = save_parse(text, "round", &err);
	ok(t != NULL, "a save reads back%s%s", t ? "" : ": ", t ? "" : err.msg);
	if (t) {
		is_u64(t->n, s->n, "with every state (all %d moves replayed)", s->n - 1);
		is_u64(t->cur, s->cur, "the cursor where it was (one move undone)");
		bool same = true;
		for (int i = 0; i < s->n; i++) {
			char a[256], b[256];
			describe(s, i, a, sizeof a);
			describe(t, i, b, sizeof b);
			same &= !strcmp(a, b) && (i == 0 || !strcmp(s->move[i - 1], t->move[i - 1]));
		}
		ok(same, "each state and each move the same");
		ok(t->played == 83.5 && t->hints == 2 && t->grade == 1 && !strcmp(t->name, "1-01"),
		   "the clock, hints, grade and name kept");
		char *again = save_format(t);
		is_str(again, text, "written again, the same text");
		ok(!t->assisted && !strstr(text, "assisted"), "a game of the player's own says nothing of help");
		free(again);
		session_free(t);
	}
	free(text);
	s->assisted = true;
	text = save_format(s);
	t = save_parse(text, "round", &err);
	ok(t && t->assisted, "a game the solver finished is read back as assisted");
	session_free(t);
	free(text);
	session_free(s);
}

static void test_corrupt_saves(void)
{
	static const struct {
		const char *text, *want, *what;
	} bad[] = {
		{ "", "bad:", "an empty file" },
		{ "linkdance-save 9\n", "bad:1: saved by another version", "another version" },
		{ "hello\n", "bad:1: not a linkdance saved game", "not a save" },
		{ "linkdance-save 2\nfamily kanoodle\nassisted maybe\n", "bad:3: assisted is yes or no", "assisted, maybe" },
		{ "linkdance-save 1\nfamily chess\n", "bad:2: unknown family", "an unknown family" },
		{ "linkdance-save 1\nfamily kanoodle\nstart\n.....\nend\n", "bad:4: the board has 1 row,", "a start that is no board" },
		{ "linkdance-save 1\nfamily kanoodle\nstart\n...........\n...........\n...........\n...........\n..........."
		  "\nend\nmove Q@r1c1\ncursor 1\n",
		  "bad:10: move 1 cannot be made", "a move that cannot be made" },
		{ "linkdance-save 1\nfamily kanoodle\nstart\n...........\n...........\n...........\n...........\n..........."
		  "\nend\ncursor 3\n",
		  "bad:10: bad cursor", "a cursor past the moves" },
		{ "linkdance-save 1\nfamily kanoodle\nstart\n...........\n...........\n...........\n...........\n..........."
		  "\nend\ncursor 0.5\n",
		  "bad:10: bad cursor '0.5'", "a cursor between two moves" },
		{ "linkdance-save 1\nfamily kanoodle\nhints 1.5\n", "bad:3: bad hint count '1.5'", "half a hint" },
		{ "linkdance-save 1\nfamily kanoodle\ngrade 2.5\n", "bad:3: bad grade '2.5'", "half a grade" },
		{ "linkdance-save 1\nfamily kanoodle\nstart\n...........\n", "bad:4: the start has no end", "cut short" },
		{ "linkdance-save 1\nfamily kanoodle\nwhat 3\n", "bad:3: unknown line", "an unknown line" },
		{ "linkdance-save 1\n\001\n", "bad:", "binary data" },
		{ "linkdance-save 2\nfamily iqfit\nstart\n..........\n..........\n..........\n..........\n..........\n"
		  "end\nfamily kanoodle\ncursor 0\n",
		  "bad:10: two families", "a second family, after the start" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct diag err = { "" };
		struct session *s = save_parse(bad[i].text, "bad", &err);
		ok(!s && !strncmp(err.msg, bad[i].want, strlen(bad[i].want)), "refused: %s (%s)", bad[i].what, err.msg);
		session_free(s);
	}
}

static void test_files_and_records(void)
{
	char dir[] = "/tmp/linkdance-unit-XXXXXX", path[128], moved[256];
	ok(mkdtemp(dir) != NULL, "a scratch directory");
	snprintf(path, sizeof path, "%s/f", dir);
	struct diag err;
	ok(files_write_atomic(path, "first\n", 6, &err), "an atomic write");
	ok(files_write_atomic(path, "second\n", 7, &err), "and another over it");
	char *text;
	size_t len;
	ok(files_read(path, 100, NULL, &text, &len, &err) && !strcmp(text, "second\n"), "reads back the new one");
	free(text);
	char missing[160];
	snprintf(missing, sizeof missing, "%s/no/such/dir/f", dir);
	ok(!files_write_atomic(missing, "x", 1, &err), "a write where it cannot go fails: %s", err.msg);

	struct records rs = { 0 };
	ok(records_add(&rs, "kanoodle", "1-01", 90, 6, 1, false), "a first solve is a record");
	ok(!records_add(&rs, "kanoodle", "1-01", 120, 5, 0, false), "a slower one is not");
	ok(records_add(&rs, "kanoodle", "1-01", 60, 7, 0, false), "a faster one is");
	records_add(&rs, "iqfit", "2-03", 300.5, 9, 2, false);
	snprintf(path, sizeof path, "%s/records", dir);
	ok(records_save(&rs, path, &err), "records saved");
	char *head = NULL;
	ok(files_read(path, 1 << 16, "records file", &head, NULL, &err) && !strncmp(head, "linkdance-records 2\n", 20),
	   "without an assisted solve the file stays version 2, which older copies read");
	free(head);
	struct records back;
	int skipped;
	ok(records_load(&back, path, &skipped, &err) && back.n == 2 && !skipped, "and loaded: two");
	const struct record *r = records_find(&back, "kanoodle", "1-01");
	ok(r && r->seconds == 60 && r->moves == 7, "the best time kept");
	records_free(&back);
	records_free(&rs);

	/* Assisted solves tick a level but never make a best time. */
	ok(!records_add(&rs, "iqfit", "1-01", 20, 4, 3, true), "an assisted solve is no record");
	r = records_find(&rs, "iqfit", "1-01");
	ok(r && r->assisted, "but the level is solved, marked assisted");
	ok(records_add(&rs, "iqfit", "1-01", 500, 9, 0, false), "a slower own solve is the first own time");
	ok(!records_add(&rs, "iqfit", "1-01", 5, 2, 0, true), "a faster assisted one is not");
	r = records_find(&rs, "iqfit", "1-01");
	ok(r && !r->assisted && r->seconds == 500, "the own time stays");
	records_add(&rs, "iqfit", "1-02", 30, 4, 1, true);
	ok(records_save(&rs, path, &err) && records_load(&back, path, &skipped, &err) && !skipped, "saved and read back");
	r = records_find(&back, "iqfit", "1-02");
	ok(r && r->assisted && !records_find(&back, "iqfit", "1-01")->assisted, "assisted or not, as written");
	records_free(&back);
	records_free(&rs);
	const char *v2 = "linkdance-records 2\nsolved kanoodle 1-01 61.5 6 1\n";
	files_write_atomic(path, v2, strlen(v2), &err);
	r = records_load(&back, path, &skipped, &err) ? records_find(&back, "kanoodle", "1-01") : NULL;
	ok(r && !r->assisted && r->seconds == 61.5 && !skipped, "a version 2 file reads: its solves are the player's");
	records_free(&back);
	files_write_atomic(path, "linkdance-rekords 1\nsolved kanoodle\n", 36, &err);
	ok(!records_load(&back, path, &skipped, &err) && strstr(err.msg, ":1:"), "a file that is no records file is refused: %s", err.msg);
	ok(files_set_aside(path, moved, sizeof moved) && access(moved, F_OK) == 0 && access(path, F_OK) != 0,
	   "and set aside as %s", moved);
	snprintf(path, sizeof path, "%s/none", dir);
	ok(records_load(&back, path, &skipped, &err) && back.n == 0, "no records file: no records");
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
}

static void test_dead_ends(void)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	int bad;
	struct diag err;
	struct note d;
	struct puzzle_state *s = pz->start(pz, ".W.........\nWW.........\n...........\n...........\n...........\n", &bad, &err);
	ok(s && pz->dead_end(s, &d) && strstr(d.text, "row 1, column 1") && d.n_cells == 1 && d.cells[0] == 0,
	   "a walled-in cell: %s", s ? d.text : err.msg);
	pz->free_state(s);
	s = pz->start(pz, "..PPPP.....\nPPPP.......\n...........\n...........\n...........\n", &bad, &err);
	ok(!s, "two Purples are refused: %s", err.msg);
	s = pz->start(pz, "..LL.......\nLLLL.......\n...........\n...........\n...........\n", &bad, &err);
	ok(!s, "and a Light Green of six cells: %s", err.msg);
	/* White and Purple wall off six cells at the top left: each can be
	 * covered, but no set of the pieces left (of 4 and 5 cells) makes 6. */
	s = pz->start(pz, "...W.......\n...WW......\nPPPP.......\n...........\n...........\n", &bad, &err);
	ok(s && pz->dead_end(s, &d) && strstr(d.text, "region of 6 cells") && d.n_cells == 6,
	   "a region no set of pieces fills, all its cells marked: %s", s ? d.text : err.msg);
	pz->free_state(s);
	struct puzzle_state *e = pz->start(pz, NULL, &bad, &err);
	ok(e && !pz->dead_end(e, &d), "the empty board is no dead end");
	pz->free_state(e);
}

int main(void)
{
	test_session();
	test_save_round_trip();
	test_corrupt_saves();
	test_files_and_records();
	test_dead_ends();
	return tap_done();
}
