#ifndef PICKERD_CJSONC_SHIM_H
#define PICKERD_CJSONC_SHIM_H
#include <json-c/json.h>
#include <json-c/json_object_iterator.h>

/* Where json-c's tokener stands between two calls of json_tokener_parse_ex
 * (PickerJSON feeds a line in pieces and asks this at each seam). json-c
 * 0.16, Debian 12's, declares struct json_tokener and its states in
 * json_tokener.h, marked "do not access outside json_tokener.c"; these two
 * read it in one place, so a json-c that hides the struct breaks the build
 * here and nowhere else. */

/* Whether the next byte would be inside a string or a key, its escapes included. */
static inline int pickerd_json_tokener_is_in_string(const struct json_tokener *tok)
{
	switch (tok->stack[tok->depth].state)
	{
	case json_tokener_state_string:
	case json_tokener_state_object_field:
	case json_tokener_state_string_escape:
	case json_tokener_state_escape_unicode:
	case json_tokener_state_escape_unicode_need_escape:
	case json_tokener_state_escape_unicode_need_u: return 1;
	default: return 0;
	}
}

/* Whether the next byte would be plain text of a string or key: not part of an escape. */
static inline int pickerd_json_tokener_is_in_plain_string(const struct json_tokener *tok)
{
	enum json_tokener_state state = tok->stack[tok->depth].state;
	return state == json_tokener_state_string || state == json_tokener_state_object_field;
}

/* Whether the next byte would begin a token (json-c is skipping whitespace
 * between tokens, or has not started). */
static inline int pickerd_json_tokener_is_between_tokens(const struct json_tokener *tok)
{
	return tok->stack[tok->depth].state == json_tokener_state_eatws;
}
#endif
