/// One order.
pub struct Order {
    pub id: u32,
}
