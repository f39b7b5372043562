import type { DescriptionLine } from '../../app/ecom-types.js';

/** A line's chosen variant as the server describes it ("Size: Blanket", "Colour: Sage" with its swatch). */
export function LineChoices({ line }: { line: { descriptionLines?: DescriptionLine[] } }) {
  const lines = line.descriptionLines ?? [];
  if (!lines.length) return null;
  return (
    <ul className="line-choices muted">
      {lines.map((d) => {
        const value = d.colorInfo ?? d.plainText;
        return (
          <li key={d.name.original}>
            <bdi>{d.name.translated || d.name.original}</bdi>:{' '}
            {d.colorInfo?.code && (
              <span className="line-choices__swatch" style={{ background: d.colorInfo.code }} aria-hidden="true" />
            )}
            <bdi>{value?.translated || value?.original}</bdi>
          </li>
        );
      })}
    </ul>
  );
}
