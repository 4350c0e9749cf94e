import { Link } from 'react-router-dom';
import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * A page's tabs as links (each tab its own URL), keeping the tabs' keyboard and ARIA semantics.
 * Every tab is on screen without sideways scrolling (docs/decisions/0024): outlined tabs on a wide
 * screen, wrapping into rows of pills 44 px tall on a phone.
 */
export function LinkTabs<Value extends string>({
  active,
  tabs,
  hrefOf,
  label,
}: {
  active: Value;
  tabs: readonly { value: Value; label: string }[];
  hrefOf: (tab: Value) => string;
  label: string;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Tabs value={active} variant={phone ? 'pills' : 'outline'} radius="md" keepMounted={false}>
      <Tabs.List aria-label={label} grow={phone} style={{ flexWrap: 'wrap', gap: phone ? 6 : undefined }}>
        {tabs.map((t) => (
          <Tabs.Tab
            key={t.value}
            value={t.value}
            mih={phone ? 44 : undefined}
            bd={phone ? '1px solid var(--mantine-color-gray-3)' : undefined}
            renderRoot={(props) => <Link {...props} to={hrefOf(t.value)} />}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
