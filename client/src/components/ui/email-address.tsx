/**
 * An e-mail address that, when it must wrap on a narrow screen, wraps after the @ rather than mid-word; marked as
 * not to be translated (a browser's translation leaves it alone, and the language walk knows it is not a message).
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@') + 1;
  return (
    <span translate="no">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
