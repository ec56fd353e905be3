import { useId } from 'react';

/** A sort's direction. */
export type SortDirection = 'asc' | 'desc';

type SortButtonsProps<F extends string> = {
  /** The fields offered, in order. */
  fields: readonly F[];
  /** Each field's label. */
  labels: Readonly<Record<F, string>>;
  /** The field in force, and its direction (`undefined`: the list has no direction to show). */
  active: F;
  direction?: SortDirection | undefined;
  /** What a click on a field does (the list decides how a click on the active field flips it). */
  onChoose: (field: F) => void;
  /** Extra class names of the group. */
  className?: string;
};

/**
 * The lists' sort buttons: a labelled group, the field in force pressed, its direction shown as an arrow and
 * spoken in its name.
 */
export function SortButtons<F extends string>({
  fields,
  labels,
  active,
  direction,
  onChoose,
  className,
}: SortButtonsProps<F>) {
  const id = useId();
  const spoken = direction === 'asc' ? 'ascending' : 'descending';
  return (
    <div className={className ? `filter-group ${className}` : 'filter-group'} role="group" aria-labelledby={id}>
      <span id={id} className="filter-group__legend">
        Sort
      </span>
      {fields.map((field) => {
        const pressed = field === active;
        return (
          <button
            key={field}
            type="button"
            className={pressed ? 'sort-button sort-button--active' : 'sort-button'}
            aria-pressed={pressed}
            aria-label={
              pressed && direction
                ? `Sort by ${labels[field]}, ${spoken}`
                : direction
                  ? `Sort by ${labels[field]}`
                  : undefined
            }
            onClick={() => {
              onChoose(field);
            }}
          >
            {labels[field]}
            {pressed && direction && <span aria-hidden="true">{direction === 'asc' ? ' ↑' : ' ↓'}</span>}
          </button>
        );
      })}
    </div>
  );
}
