import { Fragment, ReactNode, useEffect } from 'react';
// The definitions are docs/stats.md itself, bundled at build time, so page and doc never drift apart.
// eslint-disable-next-line @nx/enforce-module-boundaries
import stats from '../../../../docs/stats.md?raw';
import { useTitle } from '../ui/errors';

/** GitHub-style heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) =>
    part.startsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part.startsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : <Fragment key={i}>{part.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')}</Fragment>,
  );
}

/** A cell of markdown as plain text (a column's name for a label). */
const plain = (cell: string) => cell.replace(/[`*_]/g, '');

/** Renders docs/stats.md (bundled at build time): headings, paragraphs, lists, tables and code blocks. */
export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length, 4);
      const Tag = `h${level}` as 'h2';
      blocks.push(
        <Tag key={i} id={anchorOf(heading[2]!)}>
          {inline(heading[2]!)}
        </Tag>,
      );
      i++;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
      i++;
      blocks.push(<pre key={i}>{body.join('\n')}</pre>);
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!.slice(1, -1).split('|').map((c) => c.trim()));
      const [head, , ...body] = rows;
      blocks.push(
        <div className="table-scroll" key={i}>
          {/* A listing: on a phone each row is a block, each cell after its column's name. */}
          <table className="listing field-lines">
            <thead>
              <tr>{head!.map((c, k) => <th key={k}>{inline(c)}</th>)}</tr>
            </thead>
            <tbody>
              {body.map((r, k) => (
                <tr key={k}>
                  {r.map((c, j) => (
                    <td key={j} data-label={plain(head![j] ?? '')}>
                      {inline(c)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
    } else if (/^\s*[-*]\s/.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && (/^\s*[-*]\s/.test(lines[i]!) || /^\s{2,}\S/.test(lines[i]!)); i++) {
        if (/^\s*[-*]\s/.test(lines[i]!)) items.push(lines[i]!.replace(/^\s*[-*]\s/, ''));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
      }
      blocks.push(<ul key={i}>{items.map((t, k) => <li key={k}>{inline(t)}</li>)}</ul>);
    } else if (line.trim() === '') {
      i++;
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||```|\s*[-*]\s)/.test(lines[i]!); i++) para.push(lines[i]!.trim());
      blocks.push(<p key={i}>{inline(para.join(' '))}</p>);
    }
  }
  return <>{blocks}</>;
}

/** `/meta/definitions`: what every number on the meta pages means, from docs/stats.md. */
export function DefinitionsPage() {
  return <DocumentPage source={stats} title="Definitions" />;
}

/** A bundled document with heading anchors, scrolled to the URL's `#anchor`. */
export function DocumentPage({ source, title }: { source: string; title: string }) {
  useTitle(title);
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <article className="definitions">
      <Markdown source={source} />
    </article>
  );
}
