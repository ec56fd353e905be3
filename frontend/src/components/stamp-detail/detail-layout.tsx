import type { ReactNode } from 'react';

type DetailLayoutProps = {
  /** The picture: the stamp's media, or an asset's name tile. */
  media: ReactNode;
  /** Under the picture: the actions and tools. */
  side: ReactNode;
  /** The page's heading, its extra class names, and the line under it. */
  title: ReactNode;
  titleClassName?: string;
  subtitle: ReactNode;
  /** The detail blocks. */
  children: ReactNode;
};

/** The stamp page's layout, shared by the asset pages: the picture and actions beside the heading and blocks. */
export function DetailLayout({ media, side, title, titleClassName, subtitle, children }: DetailLayoutProps) {
  return (
    <article className="stamp-detail">
      <div className="stamp-detail__side">
        <div className="stamp-detail__media">{media}</div>
        {side}
      </div>
      <div className="stamp-detail__main">
        <h1 className={titleClassName ? `stamp-detail__number ${titleClassName}` : 'stamp-detail__number'}>{title}</h1>
        <p className="stamp-detail__cpid mono break">{subtitle}</p>
        <div className="stamp-detail__blocks">{children}</div>
      </div>
    </article>
  );
}
