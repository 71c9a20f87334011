// A row of details to send or transfer to, with a button that copies the value.
import { Table } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CopyIconButton } from '../../../components/copy-hint';

export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`copy-${label}`}>
        {value}
      </Table.Td>
      <Table.Td w={40}>
        <CopyIconButton value={value} label={t`Copy: ${label}`} />
      </Table.Td>
    </Table.Tr>
  );
}
