/* The menu: continue the saved game, the families, and for each its
 * levels by grade (solved ones ticked) and free play; help; quit. */
#ifndef LD_MENU_H
#define LD_MENU_H

#include "game/midend.h"
#include "ui/screen.h"
#include "ui/term.h"

struct menu;

/* The menu of the files mid keeps (the saves, the records; its notice is
 * the menu's status line), on term. */
struct menu *menu_new(struct midend *mid, struct terminal *term);
void menu_free(struct menu *m);
void menu_draw(struct menu *m);
/* A key or the mouse: what the app is to do (start a game, continue one,
 * make a new puzzle, quit). */
struct screen_result menu_event(struct menu *m, const struct term_event *ev);
/* Read again what may have changed: the save, the records. */
void menu_refresh(struct menu *m);

#endif
