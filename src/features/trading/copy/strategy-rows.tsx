// Rows of figures (a ranking, the stats per period, the trades) as a table where it fits, and as stacked cards where
// it does not: a phone never scrolls a table sideways, nor does a desktop whose side panels leave the page narrow.
// What fits is the room the rows have (measured), and before it is measured the mobile breakpoint. Each card is
// headed by the row's first column and lists the others as label and value, so the same columns serve both.
import type { ReactNode } from 'react';
import { Box, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Figure } from '../../../components/figure';
import { useIsSmallScreen } from '../../../lib/screen';

export interface RowColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures align right in the table. */
  numeric?: boolean;
  /** Said by the card's title already (with `cardTitle`), so left out of its figures. */
  inCardTitle?: boolean;
}

export function StrategyRows<Row>({
  rows,
  columns,
  rowKey,
  label,
  testId,
  rowTestId,
  rowLabel,
  cardTitle,
  tableWidth,
}: {
  rows: readonly Row[];
  /** The first column heads each card on a phone. */
  columns: readonly RowColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The table's or the list's accessible name. */
  label: string;
  testId: string;
  rowTestId: string;
  /** A card's accessible name on a phone. */
  rowLabel: (row: Row) => string;
  /** A card's title on a phone, when it is not the first column's cell. */
  cardTitle?: (row: Row) => ReactNode;
  /** The least width, in px, the table reads well in; narrower, the rows stack as cards. */
  tableWidth: number;
}) {
  const { ref, width } = useElementSize();
  const smallScreen = useIsSmallScreen();
  const stacked = width > 0 ? width < tableWidth : smallScreen;
  return (
    <Box ref={ref} data-testid={testId} data-layout={stacked ? 'cards' : 'table'}>
      {stacked ? (
        <RowCards rows={rows} columns={columns} rowKey={rowKey} label={label} rowTestId={rowTestId} rowLabel={rowLabel} cardTitle={cardTitle} />
      ) : (
        <RowTable rows={rows} columns={columns} rowKey={rowKey} label={label} rowTestId={rowTestId} />
      )}
    </Box>
  );
}

type RowsProps<Row> = {
  rows: readonly Row[];
  columns: readonly RowColumn<Row>[];
  rowKey: (row: Row) => string;
  label: string;
  rowTestId: string;
};

function RowCards<Row>({
  rows,
  columns,
  rowKey,
  label,
  rowTestId,
  rowLabel,
  cardTitle,
}: RowsProps<Row> & { rowLabel: (row: Row) => string; cardTitle?: (row: Row) => ReactNode }) {
  const [head, ...rest] = columns;
  if (!head) return null;
  const figures = cardTitle ? columns.filter((column) => !column.inCardTitle) : rest;
  return (
    <Stack gap="sm" component="ol" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder padding="sm" component="li" aria-label={rowLabel(row)} data-testid={rowTestId}>
          <Stack gap="xs">
            <Text component="div" fw={600} size="sm">
              {cardTitle ? cardTitle(row) : head.cell(row)}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
              {figures.map((column) => (
                <Figure key={column.id} label={column.header}>
                  {column.cell(row)}
                </Figure>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function RowTable<Row>({ rows, columns, rowKey, label, rowTestId }: RowsProps<Row>) {
  const [head, ...rest] = columns;
  if (!head) return null;
  return (
    <Table aria-label={label} verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.id} ta={column.numeric ? 'right' : undefined} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            <Table.Th scope="row" fw={600}>
              {head.cell(row)}
            </Table.Th>
            {rest.map((column) => (
              <Table.Td key={column.id} ta={column.numeric ? 'right' : undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
