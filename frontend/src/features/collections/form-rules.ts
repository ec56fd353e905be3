import { GENERIC_ERROR } from '@/lib/api-error';
import { isValidName, NAME_RULE_MESSAGE } from '@/utils/name-rules';

/** The spec's save failures of the collection form. */
export const COLLECTION_NAME_TAKEN = 'Collection name already exists';
export const STAMP_IN_ANOTHER_COLLECTION = 'A stamp is already in another collection';
/** The server's 401 when the session is gone (not a name clash). */
export const NOT_SIGNED_IN = 'Not signed in';
/** The form's notice (spec). */
export const PERMISSION_NOTICE = 'Only add stamps you created or have permission to add.';
/** How many stamps the preview resolves at once (the image lookup's limit). */
export const PREVIEW_LIMIT = 100;

/** What the form sends: `POST /api/collection` and `PUT /api/collection/{id}` (which ignores the name). */
export type CollectionDraft = {
  name: string;
  stamp_ids: string[];
  twitter: string;
  website: string;
  description: string;
};

/** The form's fields as typed. */
export type CollectionFields = {
  name: string;
  stampIds: string;
  twitter: string;
  website: string;
  description: string;
};

export const EMPTY_FIELDS: CollectionFields = { name: '', stampIds: '', twitter: '', website: '', description: '' };

/** The stamp ids typed (comma-separated; spaces and line breaks tolerated), each once, in order. */
export function parseStampIds(text: string): string[] {
  const ids = text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)];
}

/** The fields as the API takes them (the X handle without a leading @). */
export function toDraft(fields: CollectionFields): CollectionDraft {
  return {
    name: fields.name.trim(),
    stamp_ids: parseStampIds(fields.stampIds),
    twitter: fields.twitter.trim().replace(/^@+/, ''),
    website: fields.website.trim(),
    description: fields.description.trim(),
  };
}

/** The fields of a collection being edited. */
export function fieldsOf(collection: {
  name: string;
  stamp_ids: string[];
  twitter: string;
  website: string;
  description: string;
}): CollectionFields {
  return {
    name: collection.name,
    stampIds: collection.stamp_ids.join(', '),
    twitter: collection.twitter,
    website: collection.website,
    description: collection.description,
  };
}

/** The rule's message when a new collection's name breaks it (an edited one keeps its name), else null. */
export function draftProblem(draft: CollectionDraft, editing: boolean): string | null {
  if (!editing && !isValidName(draft.name)) return NAME_RULE_MESSAGE;
  return null;
}

/**
 * The text of a failed save (spec): 401 'Collection name already exists' (or the server's 'Not signed in'), 409
 * 'A stamp is already in another collection' (with the server's list of stamps when it gives one), the server's
 * own text for a refused request (400, 403, 404), else 'An error occurred'.
 */
export function saveFailureText(status: number | undefined, serverText: string | undefined): string {
  if (status === 401) return serverText === NOT_SIGNED_IN ? NOT_SIGNED_IN : COLLECTION_NAME_TAKEN;
  if (status === 409)
    return serverText?.startsWith(STAMP_IN_ANOTHER_COLLECTION) ? serverText : STAMP_IN_ANOTHER_COLLECTION;
  if (status === 400 || status === 403 || status === 404) return serverText ?? GENERIC_ERROR;
  return GENERIC_ERROR;
}
