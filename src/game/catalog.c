#include "config.h"

#include "game/catalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/saves.h"
#include "util/xalloc.h"

_Static_assert(CATALOG_ID_MAX == LEVEL_ID_MAX && SAVES_ENTRY_NAME_MAX == LEVEL_ID_MAX, "a level's name fits");

static void read_level(const struct puzzle *pz, const char *path, struct catalog_level *lv)
{
	struct diag err;
	struct level parsed;
	snprintf(lv->path, sizeof lv->path, "%s", path);
	level_id(path, lv->id, sizeof lv->id);
	struct puzzle_state *st = level_start(pz, path, &parsed, &err);
	lv->ok = st != NULL;
	if (st)
		pz->free_state(st);
	lv->grade = lv->ok ? parsed.grade : 0;
	snprintf(lv->error, sizeof lv->error, "%s", lv->ok ? parsed.warning : err.msg);
}

int catalog_levels(const struct puzzle *pz, struct catalog_level **out)
{
	char **paths;
	int n = level_list(pz, &paths);
	*out = xcalloc((size_t)n + 1, sizeof **out);
	for (int i = 0; i < n; i++)
		read_level(pz, paths[i], &(*out)[i]);
	level_list_free(paths, n);
	return n;
}

int catalog_solved(const struct records *rs, const struct puzzle *pz)
{
	char **paths, id[LEVEL_ID_MAX];
	int n = level_list(pz, &paths), solved = 0;
	for (int i = 0; i < n; i++) {
		level_id(paths[i], id, sizeof id);
		solved += records_find(rs, pz->name, id) != NULL;
	}
	level_list_free(paths, n);
	return solved;
}

bool catalog_next_level(const struct puzzle *pz, const char *level_path, char *buf, size_t size)
{
	char **paths;
	int n = level_list(pz, &paths), next = 0;
	for (int i = 0; i < n; i++)
		if (!strcmp(paths[i], level_path))
			next = i + 1;
	if (n)
		snprintf(buf, size, "%s", paths[next % n]);
	level_list_free(paths, n);
	return n > 0;
}

bool catalog_check_level(const struct puzzle *pz, const char *family, const char *arg, char *path, int size,
                         struct diag *err)
{
	struct level lv;
	struct puzzle_state *st;
	if (!level_resolve(family, arg, path, size, err) || !(st = level_start(pz, path, &lv, err)))
		return false;
	pz->free_state(st);
	return true;
}

int catalog_games(const char *dir, struct saves_entry **out, struct diag *notice)
{
	return saves_list(dir, out, notice);
}

bool catalog_abandon(const char *path, struct diag *err)
{
	return saves_drop(path, err);
}

void catalog_copy_words(int copy, char *buf, size_t size)
{
	saves_copy_words(copy, buf, size);
}

void catalog_save_words(const char *save_path, char *buf, size_t size)
{
	catalog_copy_words(save_path[0] ? saves_copy_of(save_path) : 1, buf, size);
}
