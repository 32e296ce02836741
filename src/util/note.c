#include "config.h"

#include "util/note.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void note_clear(struct note *n)
{
	n->text[0] = '\0';
	n->move[0] = '\0';
	n->n_cells = n->n_pieces = 0;
}

void note_say(struct note *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(n->text, sizeof n->text, fmt, ap);
	va_end(ap);
}

void note_cell(struct note *n, int cell)
{
	note_cell_class(n, cell, -1);
}

void note_cell_class(struct note *n, int cell, int k)
{
	if (n->n_cells < NOTE_MAX_MARKS && !note_has_cell(n, cell)) {
		n->cell_class[n->n_cells] = k;
		n->cells[n->n_cells++] = cell;
	}
}

int note_class_of(const struct note *n, int cell)
{
	for (int i = 0; i < n->n_cells; i++)
		if (n->cells[i] == cell)
			return n->cell_class[i];
	return -1;
}

void note_piece(struct note *n, int piece)
{
	if (n->n_pieces < NOTE_MAX_MARKS && !note_has_piece(n, piece))
		n->pieces[n->n_pieces++] = piece;
}

bool note_has_cell(const struct note *n, int cell)
{
	for (int i = 0; i < n->n_cells; i++)
		if (n->cells[i] == cell)
			return true;
	return false;
}

bool note_has_piece(const struct note *n, int piece)
{
	for (int i = 0; i < n->n_pieces; i++)
		if (n->pieces[i] == piece)
			return true;
	return false;
}
