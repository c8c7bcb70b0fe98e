-- Good Space: the "designers within 100 miles" page (npm run bench:db #8). Indexes only.
--
-- src/features/designers/api/get-designers.ts asks for available designers inside a latitude/longitude box
-- around the customer, or without coordinates, newest first. Walking the created_at index and filtering
-- reads most available designers when few are nearby, so the planner chose a sequential scan of
-- designer_profiles (~12 ms at 10,000 designers). With an index on the coordinates of available designers
-- (it also answers "latitude is null") and a small one for those missing a coordinate, the three arms of
-- the OR become one BitmapOr over a few dozen rows, then a top-N sort of those.

create index designer_profiles_available_coordinates_idx on public.designer_profiles (latitude, longitude)
  where availability_status = 'available';

create index designer_profiles_available_no_coordinates_idx on public.designer_profiles (created_at)
  where availability_status = 'available' and (latitude is null or longitude is null);
