import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudStorm,
  IconDroplets,
  IconMapPin,
  IconSnowflake,
  IconSun,
  IconSunHigh,
  IconUmbrella,
  IconCloudOff,
} from '@tabler/icons-react';
import { weatherRoutes } from '@stormline/contract/areas/weather';
import type { WeatherIcon } from '@stormline/domain/weather';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { browserToday } from '../../../lib/format';
import { currentForecast, isFresh, readForecast, writeForecast, type CachedForecast } from './weather-cache';

/** Spec 000 §8 texts. */
export const WEATHER_MESSAGES = {
  shareLocation: 'Get daily weather updates by sharing your location',
  none: 'No weather available',
  error: 'There was an error fetching weather data',
} as const;

type IconComponent = (props: { size: number }) => ReactNode;

/** Tabler has no sun-behind-cloud icon: a small sun peeking over a cloud's shoulder. */
function IconPartlyCloudy({ size }: { size: number }) {
  return (
    <span style={{ position: 'relative', display: 'inline-block', width: size, height: size }}>
      <IconSun size={size * 0.7} style={{ position: 'absolute', top: 0, right: 0 }} />
      <IconCloud
        size={size * 0.8}
        style={{ position: 'absolute', bottom: 0, left: 0 }}
        // Filled with the page's colour, so the sun's rays stop at the cloud's edge.
        fill="var(--mantine-color-body)"
      />
    </span>
  );
}

const ICONS: Record<WeatherIcon, { icon: IconComponent; label: string; color: string }> = {
  clear: { icon: IconSunHigh, label: 'Clear', color: 'yellow' },
  'partly-cloudy': { icon: IconPartlyCloudy, label: 'Partly cloudy', color: 'orange' },
  cloudy: { icon: IconCloud, label: 'Cloudy', color: 'gray' },
  fog: { icon: IconCloudFog, label: 'Fog', color: 'gray' },
  drizzle: { icon: IconDroplets, label: 'Drizzle', color: 'cyan' },
  rain: { icon: IconCloudRain, label: 'Rain', color: 'blue' },
  snow: { icon: IconSnowflake, label: 'Snow', color: 'indigo' },
  thunderstorm: { icon: IconCloudStorm, label: 'Thunderstorm', color: 'grape' },
};

type State =
  { kind: 'loading' } | { kind: 'shown'; forecast: CachedForecast } | { kind: 'denied' } | { kind: 'error' };

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('No geolocation'));
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 3_600_000 });
  });
}

const isDenied = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as GeolocationPositionError).code === 1;

/** The browser's location, then its forecast, kept in the cache; a failure clears the cache. */
async function locateAndFetch(owner: string): Promise<State> {
  let where: GeolocationPosition;
  try {
    where = await position();
  } catch (error) {
    if (isDenied(error)) return { kind: 'denied' };
    writeForecast(owner, null);
    return { kind: 'error' };
  }
  try {
    const lat = where.coords.latitude.toFixed(4);
    const lon = where.coords.longitude.toFixed(4);
    const answer = await callApi(weatherRoutes.getWeather, { params: { lat, lon } });
    const forecast = currentForecast(answer, browserToday());
    writeForecast(owner, forecast);
    return forecast && forecast.days.length > 0 ? { kind: 'shown', forecast } : { kind: 'error' };
  } catch {
    writeForecast(owner, null);
    return { kind: 'error' };
  }
}

/**
 * The dashboard's weather strip (spec 000 §2, §4): the cached days when there are 3 or more;
 * otherwise the browser's location and the forecast for it. Location refused: the share prompt.
 * Any other failure: the cache is cleared and the spec's error shown, never a broken page.
 */
export function WeatherStrip() {
  const owner = useSession().id;
  const [state, setState] = useState<State>(() => {
    const cached = currentForecast(readForecast(owner), browserToday());
    return isFresh(cached) ? { kind: 'shown', forecast: cached } : { kind: 'loading' };
  });
  const loading = state.kind === 'loading';
  useEffect(() => {
    if (loading) void locateAndFetch(owner).then(setState);
  }, [loading, owner]);
  const refresh = () => setState({ kind: 'loading' });

  return (
    <Paper component="section" aria-label="Weather" radius="lg" withBorder p="sm" data-testid="weather-strip">
      {state.kind === 'loading' && (
        <Group gap="sm" aria-busy aria-label="Loading the weather">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={72} w={96} radius="md" />
          ))}
        </Group>
      )}
      {state.kind === 'denied' && (
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
              <IconMapPin size={20} />
            </ThemeIcon>
            <Text fz="sm">{WEATHER_MESSAGES.shareLocation}</Text>
          </Group>
          <Button size="xs" variant="light" onClick={refresh}>
            Share my location
          </Button>
        </Group>
      )}
      {state.kind === 'error' && (
        <Group gap="sm" wrap="nowrap" role="status">
          <ThemeIcon variant="light" color="gray" radius="xl" size={36} aria-hidden>
            <IconCloudOff size={20} />
          </ThemeIcon>
          <div>
            <Text fz="sm" fw={600}>
              {WEATHER_MESSAGES.none}
            </Text>
            <Text fz="xs" c="dimmed">
              {WEATHER_MESSAGES.error}
            </Text>
          </div>
        </Group>
      )}
      {state.kind === 'shown' && <ForecastDays forecast={state.forecast} />}
    </Paper>
  );
}

function ForecastDays({ forecast }: { forecast: CachedForecast }) {
  const unit = forecast.temperatureUnit === 'fahrenheit' ? '°F' : '°C';
  const today = browserToday();
  return (
    <Group component="ul" gap="xs" wrap="nowrap" m={0} p={0} style={{ listStyle: 'none', overflowX: 'auto' }}>
      {forecast.days.map((day) => {
        const { icon: Icon, label, color } = ICONS[day.icon];
        const weekday =
          day.time === today
            ? 'Today'
            : new Date(`${day.time}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'short' });
        return (
          <Stack
            key={day.time}
            component="li"
            gap={2}
            align="center"
            miw={88}
            px="xs"
            py={6}
            style={{ borderRadius: 10, background: 'var(--mantine-color-gray-0)', flex: '1 0 88px' }}
            aria-label={`${weekday}: ${label}, high ${day.temperatureMax}${unit}, low ${day.temperatureMin}${unit}, ${day.precipProbability}% chance of rain`}
          >
            <Text fz="xs" fw={600}>
              {weekday}
            </Text>
            <ThemeIcon variant="light" color={color} radius="xl" size={30} aria-hidden>
              <Icon size={18} />
            </ThemeIcon>
            <Text fz="sm" fw={600} aria-hidden>
              {day.temperatureMax}°{' '}
              <Text span c="dimmed" fz="xs">
                {day.temperatureMin}°
              </Text>
            </Text>
            <Group gap={2} aria-hidden>
              <IconUmbrella size={12} />
              <Text fz="xs">{day.precipProbability}%</Text>
            </Group>
          </Stack>
        );
      })}
    </Group>
  );
}
