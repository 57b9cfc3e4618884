import { parse } from 'csv-parse/sync';
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import {
  feedColumns,
  feedLimits,
  feedMessages,
  FEED_LIST_SEPARATOR,
} from '#shared/schemas/feed.ts';
import { badRequest } from '../http/errors.ts';

/** One car of a feed file: its line (the header is line 1) and its values by column. */
export interface FeedRecord {
  line: number;
  values: Partial<Record<(typeof feedColumns)[number], string>>;
}

const known = new Set<string>(feedColumns);

function checkColumns(columns: string[]) {
  const unknown = columns.find((c) => !known.has(c));
  if (unknown !== undefined) throw badRequest(feedMessages.unknownColumn(unknown));
  if (!columns.includes('stockNumber')) throw badRequest(feedMessages.noStockColumn);
}

function checkCount(records: FeedRecord[]) {
  if (!records.length) throw badRequest(feedMessages.empty);
  if (records.length > feedLimits.lines) throw badRequest(feedMessages.tooManyLines);
  return records;
}

/** A CSV feed (comma or semicolon, a header line naming the columns) as records. */
function readCsv(content: string): FeedRecord[] {
  let header: string[] = [];
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(content, {
      bom: true,
      delimiter: [',', ';'],
      trim: true,
      skip_empty_lines: true,
      info: true,
      columns: (names: string[]) => {
        header = names.map((n) => n.trim());
        checkColumns(header);
        return header;
      },
    });
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    const reason = err instanceof Error ? err.message : '';
    throw badRequest(`${feedMessages.unreadable}: ${reason}`);
  }
  if (!header.length) throw badRequest(feedMessages.empty);
  return checkCount(rows.map(({ record, info }) => ({ line: info.lines, values: record })));
}

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const elements = (node: Element) =>
  node.children.filter((c): c is Element => c.type === ElementType.Tag);

/**
 * An XML feed: `<cars>` holding one `<car>` per car, each column an element of the car. A list
 * column holds its values either separated by `|` or as child elements (`<photos><photo>…`).
 */
function readXml(content: string): FeedRecord[] {
  const document = parseDocument(content, { xmlMode: true, withStartIndices: true });
  const cars = DomUtils.getElementsByTagName('car', document, true);
  const lineOf = (index: number | null) => content.slice(0, index ?? 0).split('\n').length;
  return checkCount(
    cars.map((car) => {
      const values: Record<string, string> = {};
      for (const child of elements(car)) {
        const items = elements(child);
        values[child.name] = items.length
          ? items.map((i) => DomUtils.textContent(i).trim()).join(FEED_LIST_SEPARATOR)
          : DomUtils.textContent(child).trim();
      }
      checkColumns(Object.keys(values).concat('stockNumber'));
      return { line: lineOf(car.startIndex), values };
    }),
  );
}

/** The records of a feed file, read by its name's extension; a file that is neither is refused. */
export function readFeedFile(fileName: string, content: string): FeedRecord[] {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return readCsv(content);
  if (extension === 'xml') return readXml(content);
  throw badRequest(feedMessages.unknownFormat);
}
