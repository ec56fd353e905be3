import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogged, useOpenSignIn } from '@/lib/session';
import { useCurrentUser } from '@/lib/user-api';
import type { Collection } from '../types';
import type { CollectionEditing } from './collection-card';
import { CollectionForm } from './collection-form';

/**
 * '+ Create a collection' (spec): opens the create form when signed in, the sign-in panel otherwise. Once the
 * server has created it, a line links to the new collection's page.
 */
export function CreateCollectionButton({ stampsWord }: { stampsWord: string }) {
  const logged = useLogged();
  const openSignIn = useOpenSignIn();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="collections-create">
      <button
        type="button"
        className="button collections-create__button"
        onClick={() => {
          if (logged) setOpen(true);
          else openSignIn();
        }}
      >
        + Create a collection
      </button>
      {created && (
        <p className="collections-create__done" role="status">
          Collection created:{' '}
          <Link className="text-link" to={paths.collection.getHref(created)}>
            open its page
          </Link>
        </p>
      )}
      {open && (
        <CollectionForm
          stampsWord={stampsWord}
          onClose={() => {
            setOpen(false);
          }}
          onSaved={(id) => {
            setCreated(id || null);
          }}
        />
      )}
    </div>
  );
}

/**
 * The Edit buttons of the signed-in user's own collections (launchpads excepted) and the edit form they open:
 * `editing` for the grid (undefined while signed out), `form` to render.
 */
export function useOwnCollectionEditing(stampsWord: string): {
  editing: CollectionEditing | undefined;
  form: ReactNode;
} {
  const { user } = useCurrentUser();
  const [editId, setEditId] = useState<string | null>(null);
  const userId = user?.user_id;
  const editing: CollectionEditing | undefined = userId
    ? {
        onEdit: (collection: Collection) => {
          setEditId(collection.collection_id);
        },
        canEdit: (collection: Collection) => collection.user_id === userId,
      }
    : undefined;
  const form = editId ? (
    <CollectionForm
      editId={editId}
      stampsWord={stampsWord}
      onClose={() => {
        setEditId(null);
      }}
    />
  ) : null;
  return { editing, form };
}
