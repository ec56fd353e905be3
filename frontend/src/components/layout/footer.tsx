/** The site footer. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <span>Bitcoin Stamps explorer</span>
        <span className="footer__muted">Every stamp is read from the Bitcoin blockchain.</span>
      </div>
    </footer>
  );
}
