import { CalendarCheck, Gift } from 'lucide-react';
import { REWARD_RULES } from '@app/domain';
import { Card } from '@/components/ui/card';

/** docs/product.md §2 "Payola": the 'How You Earn It' rewards table, rendered from the reward policy itself. */
export function HowYouEarnIt() {
  return (
    <Card className="overflow-hidden">
      <div className="p-6 sm:p-7">
        <h2 className="font-display text-xl font-semibold tracking-tight">How You Earn It</h2>
        <p className="mt-1 text-sm text-muted-foreground">Every reward, decided by one set of rules for everyone.</p>
      </div>
      <table className="w-full border-t border-border text-left text-sm">
        <caption className="sr-only">Payola rewards</caption>
        <thead className="bg-surface-raised text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-6 py-3 font-medium sm:px-7">
              Activity
            </th>
            <th scope="col" className="px-6 py-3 text-right font-medium sm:px-7">
              Payola
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {REWARD_RULES.map((rule) => (
            <tr key={rule.rule}>
              <td className="px-6 py-3.5 sm:px-7">{rule.activity}</td>
              <td className="px-6 py-3.5 text-right font-semibold text-accent sm:px-7">{rule.reward}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-4 border-t border-border p-6 sm:grid-cols-2 sm:p-7">
        <InfoBox icon={CalendarCheck} title="Every month you're a member">
          Fans with an active membership get +100 Payola each calendar month, on top of what they earn.
        </InfoBox>
        <InfoBox icon={Gift} title="What Payola unlocks">
          When the network reaches 10,000 verified fans and 10,000 verified artists, Payola can be redeemed for in-app
          rewards and ticket, merch and vinyl discounts.
        </InfoBox>
      </div>
    </Card>
  );
}

function InfoBox({ icon: Icon, title, children }: { icon: typeof Gift; title: string; children: string }) {
  return (
    <div className="flex gap-3 rounded-2xl border border-border bg-surface-raised p-4">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
