import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RoiCalculatorProvider } from '../../app/flows/investments';
import { CalculatorView } from '../../features/investments/calculator-view';

export const Route = createFileRoute('/_member/calculator')({
  staticData: { title: msg`ROI calculator` },
  component: CalculatorPage,
});

function CalculatorPage() {
  return (
    <RoiCalculatorProvider>
      <CalculatorView />
    </RoiCalculatorProvider>
  );
}
