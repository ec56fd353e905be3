import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { useGetMixerSamplesQuery } from '../api';
import { stampFileUrl } from '../stamp-images';

/** What the preview says when its samples could not be fetched. */
export const SAMPLES_ERROR = "Couldn't load the samples, try again later...";

type MixerSamplesProps = {
  /** Adds the stamp picked to the canvas. */
  onPick: (cpid: string) => void;
  /** Whether picking waits (a stamp is being added). */
  disabled?: boolean;
};

/** The mixer's preview: 50 random image stamps, each added to the canvas when clicked, and a new draw on demand. */
export function MixerSamples({ onPick, disabled = false }: MixerSamplesProps) {
  const { data, isFetching, isError, refetch } = useGetMixerSamplesQuery(undefined);
  return (
    <section className="mixer-samples" aria-labelledby="mixer-samples-title">
      <div className="mixer-samples__head">
        <h3 id="mixer-samples-title" className="mixer__heading">
          Samples
        </h3>
        <button
          type="button"
          className="button button--ghost mixer__small-button"
          disabled={isFetching}
          onClick={() => {
            void refetch();
          }}
        >
          New samples
        </button>
      </div>
      {isFetching && !data && <Loading />}
      {isError && <ErrorNotice message={SAMPLES_ERROR} />}
      {data && (
        <ul className="mixer-samples__list" aria-label="Samples" aria-busy={isFetching}>
          {data.map((cpid) => (
            <li key={cpid}>
              <button
                type="button"
                className="mixer-samples__sample"
                title={`Add ${cpid}`}
                disabled={disabled}
                onClick={() => {
                  onPick(cpid);
                }}
              >
                <FallbackImage sources={[stampFileUrl(cpid)]} alt={`Add ${cpid}`} placeholder="404" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
