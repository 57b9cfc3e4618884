-- The reasons a new moderation team starts with: the common denials and suspensions of a car
-- listing. Added once, here, so that reasons an admin removes stay removed.
INSERT INTO "reason_templates" ("kind", "text") VALUES
  ('deny', 'The photos do not show the car for sale. Please add photos of the car itself and submit it again.'),
  ('deny', 'The price is not what a buyer pays for the car. Please enter the full asking price and submit it again.'),
  ('deny', 'The description has a phone number, an e-mail address or a link. Please remove it: buyers reach you through Spotted.'),
  ('deny', 'The make, model, year or mileage does not match the photos or the description. Please correct it and submit it again.'),
  ('deny', 'This car is already listed. Please edit the listing you have instead of adding the car again.'),
  ('suspend', 'The car was reported as sold. Please remove the listing, or contact us if it is still for sale.'),
  ('suspend', 'Buyers reported that the listing does not match the car. Please correct it and contact us to show it again.'),
  ('suspend', 'The listing asks for a payment before the car can be seen, which Spotted does not allow.');
