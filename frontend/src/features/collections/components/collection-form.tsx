import { useId, useState, type ReactNode } from 'react';
import { AsyncButton } from '@/components/ui/async-button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Modal } from '@/components/ui/modal';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { logOut, useSessionDispatch } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useCreateCollectionMutation,
  useGetCollectionForEditQuery,
  useGetStampImagesQuery,
  useUpdateCollectionMutation,
} from '../api';
import {
  draftProblem,
  EMPTY_FIELDS,
  fieldsOf,
  NOT_SIGNED_IN,
  parseStampIds,
  PERMISSION_NOTICE,
  PREVIEW_LIMIT,
  saveFailureText,
  toDraft,
  type CollectionFields,
} from '../form-rules';

/** How long the stamp ids must stay unchanged before the preview looks them up. */
export const PREVIEW_DEBOUNCE_MS = 500;

/** The stamps typed, resolved to their images (unknown ones as a placeholder). */
function StampPreview({ stampIds }: { stampIds: string }) {
  const ids = parseStampIds(useDebouncedValue(stampIds, PREVIEW_DEBOUNCE_MS)).slice(0, PREVIEW_LIMIT);
  const { data, isFetching } = useGetStampImagesQuery(ids.join(','), { skip: ids.length === 0 });
  if (ids.length === 0) return null;
  return (
    <ul className="collection-form__preview" aria-label="Preview" aria-busy={isFetching}>
      {(data ?? []).map((image) => (
        <li key={image.cpid} className="collection-form__thumb">
          <FallbackImage
            sources={[image.url === '404' ? null : image.url]}
            alt={`Preview of ${image.cpid}`}
            placeholder="Not found"
          />
          <span className="collection-form__thumb-id mono">{image.cpid}</span>
        </li>
      ))}
    </ul>
  );
}

function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="collection-form__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

type FormBodyProps = {
  initial: CollectionFields;
  /** The collection edited, or null to create one. */
  editing: string | null;
  stampsWord: string;
  onSaved: (collectionId: string) => void;
};

function FormBody({ initial, editing, stampsWord, onSaved }: FormBodyProps) {
  const dispatch = useSessionDispatch();
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreateCollectionMutation();
  const [update] = useUpdateCollectionMutation();
  const ids = {
    name: useId(),
    stampIds: useId(),
    twitter: useId(),
    website: useId(),
    description: useId(),
  };
  const set = (key: keyof CollectionFields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
  };

  const save = async () => {
    const draft = toDraft(fields);
    const broken = draftProblem(draft, editing !== null);
    if (broken) {
      setProblem(broken);
      return;
    }
    setProblem(null);
    const result = editing ? await update({ id: editing, draft }) : await create(draft);
    if ('error' in result) {
      const text = saveFailureText(errorStatus(result.error), errorMessage(result.error));
      if (text === NOT_SIGNED_IN) dispatch(logOut());
      setProblem(text);
      return;
    }
    const created = result.data as { collection_id?: unknown } | undefined;
    onSaved(editing ?? (typeof created?.collection_id === 'string' ? created.collection_id : ''));
  };

  return (
    <form
      className="collection-form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Field label="Name" id={ids.name}>
        <input
          id={ids.name}
          className="field__input"
          value={fields.name}
          readOnly={editing !== null}
          aria-readonly={editing !== null}
          autoComplete="off"
          onChange={(event) => {
            set('name')(event.target.value);
          }}
        />
      </Field>
      <Field label={`${stampsWord} (ids, comma-separated)`} id={ids.stampIds}>
        <textarea
          id={ids.stampIds}
          className="field__input field__input--area mono"
          rows={3}
          value={fields.stampIds}
          spellCheck={false}
          onChange={(event) => {
            set('stampIds')(event.target.value);
          }}
        />
      </Field>
      <p className="collection-form__notice">{PERMISSION_NOTICE}</p>
      <StampPreview stampIds={fields.stampIds} />
      <Field label="X (Twitter)" id={ids.twitter}>
        <input
          id={ids.twitter}
          className="field__input"
          value={fields.twitter}
          autoComplete="off"
          onChange={(event) => {
            set('twitter')(event.target.value);
          }}
        />
      </Field>
      <Field label="Website" id={ids.website}>
        <input
          id={ids.website}
          className="field__input"
          type="url"
          value={fields.website}
          autoComplete="off"
          onChange={(event) => {
            set('website')(event.target.value);
          }}
        />
      </Field>
      <Field label="Description" id={ids.description}>
        <textarea
          id={ids.description}
          className="field__input field__input--area"
          rows={3}
          value={fields.description}
          onChange={(event) => {
            set('description')(event.target.value);
          }}
        />
      </Field>
      {problem && <ErrorNotice message={problem} />}
      <AsyncButton type="submit" className="button" onClick={save}>
        Save
      </AsyncButton>
    </form>
  );
}

/** The edit form, once the collection with all its stamp ids has loaded. */
function EditBody({ id, stampsWord, onSaved }: { id: string; stampsWord: string; onSaved: (id: string) => void }) {
  const { data, isLoading, isError, error } = useGetCollectionForEditQuery(id);
  if (isLoading) return <Loading />;
  if (isError || !data)
    return <ErrorNotice message={(errorStatus(error) === 404 && errorMessage(error)) || GENERIC_ERROR} />;
  return <FormBody initial={fieldsOf(data)} editing={id} stampsWord={stampsWord} onSaved={onSaved} />;
}

type CollectionFormProps = {
  /** The collection to edit; without it, a new one is created. */
  editId?: string | null;
  stampsWord: string;
  onClose: () => void;
  /** Called after a save the server accepted (201), with the collection's id; the form closes. */
  onSaved?: (collectionId: string) => void;
};

/**
 * The collection create/edit form (spec): name (read-only when editing), stamp ids (comma-separated) with a
 * preview of their images, X handle, website, description, and the notice to add only stamps one created or may
 * add. A save the server accepts closes it; its refusals show the spec's texts.
 */
export function CollectionForm({ editId = null, stampsWord, onClose, onSaved }: CollectionFormProps) {
  const saved = (collectionId: string) => {
    onSaved?.(collectionId);
    onClose();
  };
  return (
    <Modal title={editId ? 'Edit collection' : 'Create a collection'} onClose={onClose}>
      {editId ? (
        <EditBody id={editId} stampsWord={stampsWord} onSaved={saved} />
      ) : (
        <FormBody initial={EMPTY_FIELDS} editing={null} stampsWord={stampsWord} onSaved={saved} />
      )}
    </Modal>
  );
}
