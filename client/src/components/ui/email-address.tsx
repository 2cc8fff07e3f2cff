/** An e-mail address that, when it must wrap on a narrow screen, wraps after the @ rather than mid-word. */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@') + 1;
  return at > 0 ? (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  ) : (
    email
  );
}
