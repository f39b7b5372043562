import { PageHeading } from '../../components/PageHeading.js';

/** A page the console does not have yet: said plainly rather than faked. */
export function ComingNext({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p className="coming-next">Coming next: {what}</p>
    </>
  );
}
