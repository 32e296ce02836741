/* The menu: continue the saved game, the families, and for each its
 * levels by grade (solved ones ticked) and free play; help; quit. */
#ifndef LD_MENU_H
#define LD_MENU_H

#include "ui/term.h"

struct app;
struct menu;

struct menu *menu_new(struct app *a);
void menu_free(struct menu *m);
void menu_draw(struct menu *m);
void menu_event(struct menu *m, const struct term_event *ev);
/* Read again what may have changed: the save, the records. */
void menu_refresh(struct menu *m);

#endif
