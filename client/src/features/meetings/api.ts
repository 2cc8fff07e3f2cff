import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingView } from '@shared/contracts/meetings';
import type { AvailabilityWindow } from '@shared/domain/meetings';
import { apiJson } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

export const meetingKeys = {
  all: ['/api/meetings'] as const,
  list: (communityId: string) => ['/api/meetings', { communityId }] as const,
  freeSlots: (communityId: string, commanderId: string, date: string) => ['/api/commanders', commanderId, 'free-slots', { communityId, date }] as const,
  availability: (communityId: string) => ['/api/user/availability', { communityId }] as const,
};

/** GET /api/meetings: the caller's meetings (as member or commander), soonest first. */
export function useMeetings(communityId: string | null) {
  return useQuery<MeetingView[]>({
    queryKey: meetingKeys.list(communityId ?? ''),
    queryFn: () => apiJson<MeetingView[]>('GET', '/api/meetings'),
    enabled: communityId !== null,
    ...REFETCH_ON_FOCUS,
  });
}

export interface NewMeeting {
  startsAt: string;
  endsAt: string;
  notes?: string | null;
  location?: string | null;
  /** Set when a commander or admin schedules for a member; omitted when a member requests one. */
  memberId?: string;
  questionId?: string | null;
}

/** POST /api/meetings. A 409 means the time is taken or outside office hours (the message says which). */
export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation<MeetingView, Error, NewMeeting>({
    mutationFn: (body) => apiJson<MeetingView>('POST', '/api/meetings', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['/api/commanders'] });
    },
  });
}

/** PATCH /api/meetings/{id} {startsAt, endsAt}: Reschedule. */
export function useRescheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation<MeetingView, Error, { id: string; startsAt: string; endsAt: string }>({
    mutationFn: ({ id, ...body }) => apiJson<MeetingView>('PATCH', `/api/meetings/${id}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['/api/commanders'] });
    },
  });
}

/** POST /api/meetings/{id}/cancel: either person cancels an upcoming meeting; the other is notified. */
export function useCancelMeeting() {
  const queryClient = useQueryClient();
  return useMutation<MeetingView, Error, { id: string }>({
    mutationFn: ({ id }) => apiJson<MeetingView>('POST', `/api/meetings/${id}/cancel`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['/api/commanders'] });
    },
  });
}

/** GET /api/commanders/{id}/free-slots?date: the SPEC.md slots still open on that date ('HH:MM', community time). */
export function useFreeSlots(communityId: string | null, commanderId: string | null, date: string | null) {
  return useQuery<{ date: string; slots: string[] }>({
    queryKey: meetingKeys.freeSlots(communityId ?? '', commanderId ?? '', date ?? ''),
    queryFn: () => apiJson('GET', `/api/commanders/${commanderId}/free-slots?date=${date}`),
    enabled: communityId !== null && commanderId !== null && date !== null,
    staleTime: 0,
  });
}

/** GET and PUT /api/user/availability: a commander's weekly office hours in the community on screen. */
export function useOwnAvailability(communityId: string | null, enabled = true) {
  return useQuery<{ windows: AvailabilityWindow[] }>({
    queryKey: meetingKeys.availability(communityId ?? ''),
    queryFn: () => apiJson('GET', '/api/user/availability'),
    enabled: communityId !== null && enabled,
  });
}

export function useSetAvailability(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<{ windows: AvailabilityWindow[] }, Error, AvailabilityWindow[]>({
    mutationFn: (windows) => apiJson('PUT', '/api/user/availability', { windows }),
    onSuccess: (saved) => queryClient.setQueryData(meetingKeys.availability(communityId), saved),
  });
}

/** The .ics download of a meeting (a plain link: the browser saves the file). */
export const meetingIcsUrl = (meetingId: string) => `/api/meetings/${meetingId}/ics`;
