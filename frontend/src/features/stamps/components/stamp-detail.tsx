import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { stampLabel } from '@/utils/format';
import { useGetStampQuery } from '../api';
import { StampImage } from './stamp-image';
import { StampInfo } from './stamp-info';

/** The spec's text for a stamp that does not exist. */
export const STAMP_NOT_FOUND = '404 - Stamp not found.';

/** A stamp's page body: image, number, cpid and the Information block. */
export function StampDetail({ cpid }: { cpid: string }) {
  // currentData, not data: never show the previous stamp while the next one loads.
  const { currentData: stamp, error, isFetching } = useGetStampQuery(cpid);

  if (!stamp && isFetching) return <Loading />;
  if (!stamp) {
    const status = errorStatus(error);
    if (status === 404) return <p className="empty">{STAMP_NOT_FOUND}</p>;
    return <ErrorNotice message={(status === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }

  return (
    <article className="stamp-detail">
      <div className="stamp-detail__media">
        <StampImage
          cpid={stamp.cpid}
          stamp={stamp.stamp}
          url={stamp.stamp_url}
          mimetype={stamp.stamp_mimetype}
          loading="eager"
        />
      </div>
      <div className="stamp-detail__main">
        <h1 className="stamp-detail__number">
          {stampLabel(stamp.stamp)}
          {stamp.is_cursed && <span className="badge">Cursed</span>}
        </h1>
        <p className="stamp-detail__cpid mono break">{stamp.cpid}</p>
        <StampInfo stamp={stamp} />
      </div>
    </article>
  );
}
