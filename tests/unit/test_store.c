/* What the game keeps for the player: records and saves, written under a
 * lock by two copies at once, names quoted, numbers checked, nothing lost;
 * and the messages about them, made to fit a line.  Tests named bad_*
 * guard faults that a hostile audit found. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "game/files.h"
#include "game/lock.h"
#include "game/records.h"
#include "game/save.h"
#include "game/saves.h"
#include "game/session.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "util/quote.h"
#include "util/strbuf.h"
#include "util/textfit.h"

static char dir[64];

static void bail(const char *why)
{
	printf("Bail out! %s\n", why);
	exit(1);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		tap_diag("cannot write %s", path);
}

static char *read_back(const char *path)
{
	char *text = NULL;
	struct diag err;
	if (!files_read(path, 1 << 20, NULL, &text, NULL, &err))
		return NULL;
	return text;
}

static void test_quote(void)
{
	char all[256], back[256];
	for (int i = 1; i < 256; i++)
		all[i - 1] = (char)i;
	all[255] = '\0';
	struct strbuf b = { 0 };
	quote_add(&b, all);
	strbuf_addf(&b, " next");
	ok(!strchr(b.s, '\n') && !strchr(b.s, '\r'), "a quoted name holds no newline or CR");
	const char *p = b.s;
	ok(quote_read(&p, back, sizeof back) && !strcmp(back, all), "every byte but NUL reads back");
	ok(quote_read(&p, back, sizeof back) && !strcmp(back, "next"), "and the token after it");
	strbuf_free(&b);
	quote_add(&b, "2-07");
	is_str(b.s, "2-07", "a plain name stays bare");
	strbuf_free(&b);
	quote_add(&b, "");
	is_str(b.s, "\"\"", "an empty name is quoted");
	strbuf_free(&b);
	static const char *const bad[] = { "\"open", "\"\\q\"", "\"\\x00\"", "\"\\x4\"" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		p = bad[i];
		ok(!quote_read(&p, back, sizeof back), "refused: %s", bad[i]);
	}
	p = "\"abcdef\"";
	ok(!quote_read(&p, back, 4), "a name longer than its room is refused, not cut");
}

static void test_records(void)
{
	char path[128], bad_path[160];
	struct diag err;
	struct records rs;
	bool best;
	snprintf(path, sizeof path, "%s/records", dir);
	snprintf(bad_path, sizeof bad_path, "%s.bad", path);

	/* The audit's file: a few huge numbers, then a level solved. */
	write_file(path, "linkdance-records 1\n"
	                 "solved kanoodle 1-01 61.5 6 1\n"
	                 "solved kanoodle 2-01 1e300 1 0\n"
	                 "solved kanoodle 2-02 1e300 1 0\n"
	                 "solved kanoodle 2-03 5 99999999999999999999 0\n"
	                 "solved iqfit 1-01 inf 3 0\n"
	                 "solved iqfit 1-02 nan 3 0\n");
	ok(!records_open(&rs, path, &err) && strstr(err.msg, "5 records could not be read") && strstr(err.msg, ":3:"),
	   "bad_records_huge_number: the bad lines are named: %s", err.msg);
	ok(rs.n == 1 && records_find(&rs, "kanoodle", "1-01"), "bad_records_huge_number: the good record is kept");
	char *kept = read_back(bad_path);
	ok(kept && strstr(kept, "1e300"), "bad_records_huge_number: the file as it was is kept as records.bad");
	free(kept);
	ok(records_note(&rs, path, "kanoodle", "3-01", 12.25, 7, 0, false, &best, &err) && best,
	   "bad_records_huge_number: the next level solved is noted");
	struct records back;
	int skipped;
	ok(records_load(&back, path, &skipped, &err) && back.n == 2 && !skipped, "and the file reads back whole");
	records_free(&back);
	records_free(&rs);

	/* A level file's name may hold a newline, a CR, quotes, blanks. */
	unlink(path);
	static const char *const odd[] = { "new\nline", "cr\rhere", "a \"quoted\" one", "back\\slash", "tab\there" };
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
		records_note(&rs, path, "kanoodle", odd[i], 10.0 + (double)i, 3, 0, false, &best, &err);
	records_note(&rs, path, "iqfit", "2-02", 30, 5, 1, false, &best, &err);
	records_free(&rs);
	ok(records_load(&back, path, &skipped, &err) && !skipped && back.n == 6,
	   "bad_records_newline_name: the file stays readable (%d records)", back.n);
	bool all = true;
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
		all &= records_find(&back, "kanoodle", odd[i]) != NULL;
	ok(all && records_find(&back, "iqfit", "2-02"), "bad_records_newline_name: every name reads back as it was");
	records_free(&back);

	/* A line broken by hand costs that line, not the file. */
	write_file(path, "linkdance-records 2\nsolved kanoodle 1-01 61.5 6 1\nsolved \"open 1 2 3\n"
	                 "garbage\nsolved iqfit 1-02 30.0 4 0\n");
	ok(!records_open(&rs, path, &err) && rs.n == 2, "bad_records_line_skipped: two good lines kept: %s", err.msg);
	records_free(&rs);
	write_file(path, "linkdance-records 2\n   \t\nsolved kanoodle 1-01 61.5 6 1\n");
	ok(records_open(&rs, path, &err) && rs.n == 1, "a line of blanks is no bad line");
	records_free(&rs);
	struct session *big = save_parse("linkdance-save 99999999999999999999\n", "big", &err);
	ok(!big && strstr(err.msg, "another version (format 99999999999999999999,"),
	   "a version too large for a number is named as written: %s", err.msg);
	write_file(path, "linkdance-records 7\nsolved kanoodle 1-01 61.5 6 1\n");
	ok(!records_open(&rs, path, &err) && rs.n == 0 && strstr(err.msg, "kept as"),
	   "a records file of another version is kept aside: %s", err.msg);
	records_free(&rs);
}

/* Two copies of the game note their solves at the same time: every one is
 * in the file at the end. */
static void test_records_two_writers(void)
{
	char path[128];
	snprintf(path, sizeof path, "%s/records2", dir);
	enum { WRITERS = 2, SOLVES = 40 };
	pid_t pid[WRITERS];
	for (int w = 0; w < WRITERS; w++) {
		pid[w] = fork();
		if (pid[w] == 0) {
			struct records rs = { 0 };
			struct diag err;
			bool best;
			int failed = 0;
			for (int i = 0; i < SOLVES; i++) {
				char level[16];
				snprintf(level, sizeof level, "%d-%02d", w + 1, i);
				failed += !records_note(&rs, path, "kanoodle", level, 10 + i, 5, 0, false, &best, &err);
			}
			records_free(&rs);
			_exit(failed ? 1 : 0);
		}
	}
	int clean = 0;
	for (int w = 0; w < WRITERS; w++) {
		int st;
		if (pid[w] > 0 && waitpid(pid[w], &st, 0) == pid[w] && WIFEXITED(st) && WEXITSTATUS(st) == 0)
			clean++;
	}
	is_u64(clean, WRITERS, "bad_records_two_copies: both copies wrote every solve");
	struct records back;
	int skipped;
	struct diag err;
	ok(records_load(&back, path, &skipped, &err), "the records read back");
	is_u64(back.n, WRITERS * SOLVES, "bad_records_two_copies: no copy lost another's records");
	records_free(&back);
}

/* A copy holds the lock: a child process, until the test lets it go (or
 * ends, whatever way: the child sees the end of the pipe then). */
static void test_lock(void)
{
	struct diag err;
	int taken[2], hold[2];
	if (pipe(taken) != 0 || pipe(hold) != 0)
		bail("pipe");
	pid_t pid = fork();
	if (pid == 0) {
		close(taken[0]);
		close(hold[1]);
		int l = lock_take(dir, &err);
		char c = l >= 0 ? 'y' : 'n';
		if (write(taken[1], &c, 1) != 1)
			_exit(1);
		if (read(hold[0], &c, 1) < 0) /* until the test closes its end */
			_exit(1);
		_exit(0);
	}
	/* Our copies of the ends the child writes and holds closed: a child
	 * that dies unseen ends the read below instead of leaving it waiting. */
	close(taken[1]);
	close(hold[0]);
	char c = 0;
	if (read(taken[0], &c, 1) != 1)
		c = 0;
	ok(c == 'y', "a copy takes the lock");
	int l = lock_take(dir, &err);
	ok(l < 0 && strstr(err.msg, "another copy"), "another waits, then says why: %s", err.msg);
	lock_release(l);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	l = lock_take(dir, &err);
	ok(l >= 0, "a lock is free again when its holder dies");
	lock_release(l);
	close(taken[0]);
	close(hold[1]);
}

static struct session *game(const char *name, int moves)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	int bad;
	struct diag err;
	static const char *const MOVES[] = { "T@r1c1,r1c2,r1c3,r2c3,r3c3", "-T" };
	struct session *s = session_new(pz, pz->start(pz, NULL, &bad, &err));
	snprintf(s->name, sizeof s->name, "%s", name);
	if (*name)
		snprintf(s->level, sizeof s->level, "/levels/kanoodle/%s.txt", name);
	for (int i = 0; i < moves; i++)
		session_play(s, MOVES[i % 2], &err);
	return s;
}

static void test_saves(void)
{
	char saves[160], state[128], path[PATH_MAX];
	struct diag err;
	snprintf(state, sizeof state, "%s/state", dir);
	snprintf(saves, sizeof saves, "%s/saves", state);
	mkdir(state, 0700);
	mkdir(saves, 0700);

	/* One save a game: a second game never replaces the first. */
	const char *names[] = { "1-01", "2-05", "", "odd\nname/with \"all\"" };
	bool beside;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		struct session *s = game(names[i], (int)i + 1);
		ok(saves_put(saves, s, &beside, &err) && !beside, "bad_one_save_slot: game %zu saved", i);
		/* Saves are listed newest first, by their files' times: a second
		 * apart, whatever the clock's resolution or the machine's speed. */
		struct timespec when[2] = { { 1700000000 + (time_t)i, 0 }, { 1700000000 + (time_t)i, 0 } };
		if (utimensat(AT_FDCWD, s->save_path, when, 0) != 0)
			tap_diag("cannot set the time of %s", s->save_path);
		session_free(s);
	}
	struct saves_entry *list;
	int n = saves_list(saves, &list, &err);
	is_u64(n, 4, "bad_one_save_slot: four games, four saves");
	ok(n == 4 && !strcmp(list[0].name, names[3]) && !strcmp(list[3].name, "1-01") && list[3].moves == 1,
	   "listed the most recent first, with their moves");
	free(list);
	struct session *s = saves_get(saves, "kanoodle", names[3], &err);
	ok(s && !strcmp(s->name, names[3]) && !strcmp(s->level, "/levels/kanoodle/odd\nname/with \"all\".txt"),
	   "bad_newline_name: a level named with a newline and quotes saves and reads back");
	session_free(s);
	s = saves_get(saves, "kanoodle", "2-05", &err);
	ok(s && saves_drop_own(s, &err), "a solved game's save goes");
	session_free(s);
	n = saves_list(saves, &list, &err);
	ok(n == 3, "and only that one");
	free(list);
	s = saves_get(saves, "kanoodle", "2-05", &err);
	ok(!s && !err.msg[0], "no save is no error");

	/* A save that cannot be read is set aside, and the others stay. */
	saves_path(saves, "kanoodle", "1-01", 1, path, sizeof path);
	write_file(path, "linkdance-save 2\nfamily kanoodle\nmove nonsense\n");
	n = saves_list(saves, &list, &err);
	ok(n == 2 && strstr(err.msg, "kept as") && strstr(err.msg, ".bad"), "a broken save is set aside: %s", err.msg);
	free(list);

	/* Temporaries of a copy killed while writing, and an older version's
	 * one save, at start. */
	char tmp1[PATH_MAX + 32], tmp2[PATH_MAX + 32], old[PATH_MAX];
	snprintf(tmp1, sizeof tmp1, "%s.tmpAb12Cd", path);
	snprintf(tmp2, sizeof tmp2, "%s/game.save.tmpXy34Zw", state);
	write_file(tmp1, "half");
	write_file(tmp2, "half");
	snprintf(old, sizeof old, "%s/game.save", state);
	s = game("3-03", 1);
	save_write(s, old, &err);
	session_free(s);
	ok(saves_tidy(state, saves, &err), "tidy at start");
	ok(access(tmp1, F_OK) != 0 && access(tmp2, F_OK) != 0, "bad_stale_temporaries: the temporaries are gone");
	ok(access(old, F_OK) != 0, "the old single save moved");
	s = saves_get(saves, "kanoodle", "3-03", &err);
	ok(s != NULL, "into the folder, under its game");
	session_free(s);
}

/* Two copies of the game on one level: each keeps its own game. */
static void test_two_copies(void)
{
	char saves[160], path[PATH_MAX];
	struct diag err;
	bool beside;
	snprintf(saves, sizeof saves, "%s/saves2", dir);
	mkdir(saves, 0700);

	/* Both open 1-07 with no save; the first leaves with 3 moves, then
	 * the second with 1. */
	struct session *first = game("1-07", 3), *second = game("1-07", 1);
	ok(saves_put(saves, first, &beside, &err) && !beside, "bad_two_copies: the first copy saves its game");
	ok(saves_put(saves, second, &beside, &err) && beside, "the second, finding a save it did not read, goes beside");
	saves_path(saves, "kanoodle", "1-07", 2, path, sizeof path);
	ok(!strcmp(second->save_path, path), "as the second game of the level: %s", second->save_path);
	struct saves_entry *list;
	int n = saves_list(saves, &list, &err);
	ok(n == 2, "bad_two_copies: two saves of 1-07");
	int moves[3] = { 0 };
	for (int i = 0; i < n; i++)
		if (list[i].copy >= 1 && list[i].copy <= 2)
			moves[list[i].copy] = list[i].moves;
	ok(moves[1] == 3 && moves[2] == 1, "the first game's 3 moves and the second's 1: %d and %d", moves[1], moves[2]);
	free(list);
	char words[32];
	saves_copy_words(2, words, sizeof words);
	is_str(words, "(second game)", "the second game is called so");

	/* Each saves over its own from then on. */
	session_play(second, "-T", &err);
	ok(saves_put(saves, second, &beside, &err) && !beside && !strcmp(second->save_path, path),
	   "the second game saves into its own file again");
	ok(saves_put(saves, first, &beside, &err) && !beside && saves_copy_of(first->save_path) == 1,
	   "and the first into its own");

	/* Both continue the first game; the one that leaves last goes beside
	 * the other. */
	struct session *a = saves_get(saves, "kanoodle", "1-07", &err);
	ok(a != NULL, "the most recent save of a level is the one a level resumes");
	session_free(a);
	saves_path(saves, "kanoodle", "1-07", 1, path, sizeof path);
	a = saves_open(path, &err);
	struct session *b = saves_open(path, &err);
	session_play(a, "-T", &err);
	ok(saves_put(saves, a, &beside, &err) && !beside, "one copy continues the first game and saves it");
	ok(saves_put(saves, b, &beside, &err) && beside && saves_copy_of(b->save_path) == 3,
	   "the other, continuing the same game, becomes a third: %s", b->save_path);
	n = saves_list(saves, &list, &err);
	ok(n == 3, "three games of 1-07 now, none lost");
	free(list);

	/* A solved game takes only its own save away. */
	saves_path(saves, "kanoodle", "1-07", 1, path, sizeof path);
	struct session *c = saves_open(path, &err);
	session_play(a, "T@r1c1,r1c2,r1c3,r2c3,r3c3", &err);
	ok(saves_put(saves, a, &beside, &err) && !beside, "one copy saves the first game again, a move on");
	ok(saves_drop_own(c, &err) && access(path, F_OK) == 0,
	   "another copy solving what it read there keeps the newer save");
	ok(saves_drop_own(a, &err) && access(path, F_OK) != 0, "the copy that wrote it last takes it away");
	session_free(a);
	session_free(b);
	session_free(c);
	session_free(first);
	session_free(second);
}

static void test_textfit(void)
{
	char out[512];
	const char *msg = "The saved game could not be read (/home/someone/.local/state/linkdance/saves/kanoodle.2-01.save:16: "
	                  "unknown line 'x'); it is kept as /home/someone/.local/state/linkdance/saves/kanoodle.2-01.save.bad";
	int n = textfit_lines(msg, 78, 2, true, out, sizeof out);
	char *nl = strchr(out, '\n');
	ok(n == 2 && nl && nl - out <= 78 * 3 && textfit_width(nl + 1) <= 78,
	   "bad_notice_cut: the notice fits two lines of 78 columns");
	for (char *c = out; *c; c++)
		if (*c == '\n')
			*c = ' ';
	ok(strstr(out, "The saved game could not be read") && strstr(out, "unknown line 'x'") &&
	       strstr(out, "kanoodle.2-01.save.bad") && strstr(out, ".save:16:") && !strstr(out, "kept\u2026"),
	   "bad_notice_cut: the reason and the .bad name are whole: %s", out);
	textfit_lines("word word word word", 9, 3, false, out, sizeof out);
	is_str(out, "word word\nword word", "words wrap at blanks");
	ok(textfit("short /a/b", 80, false, out, sizeof out) && !strcmp(out, "short /a/b"), "a short one stays");
	textfit("no paths here, only a rather long sentence that goes on and on", 20, false, out, sizeof out);
	ok(textfit_width(out) == 20 && strstr(out, "..."), "without paths the end is cut, and says so: %s", out);
	textfit("a\nname\033[2J", 40, false, out, sizeof out);
	is_str(out, "a?name?[2J", "control characters are never drawn");
}

int main(void)
{
	snprintf(dir, sizeof dir, "%s/linkdance-store.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		bail("cannot make a scratch directory");
	test_quote();
	test_records();
	test_records_two_writers();
	test_lock();
	test_saves();
	test_two_copies();
	test_textfit();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
