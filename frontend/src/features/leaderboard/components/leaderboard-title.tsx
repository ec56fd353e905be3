/** The ranking's title; sorted by destruction, it strikes 'best' and adds 'wtf?' (spec). */
export function LeaderboardTitle({ destruction, id }: { destruction: boolean; id: string }) {
  return (
    <h2 id={id} className="leaderboard__title">
      The{' '}
      {destruction ? (
        <>
          <del>best</del> <ins>wtf?</ins>
        </>
      ) : (
        'best'
      )}{' '}
      collectors
    </h2>
  );
}
