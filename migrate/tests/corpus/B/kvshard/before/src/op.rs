use std::sync::mpsc::Sender;

#[derive(Debug)]
pub enum Op {
    Put(String, Vec<u8>),
    /// A put that says when it is done.
    Load(String, Vec<u8>, Sender<()>),
    Delete(String),
    Get(String, Sender<Reply>),
    Dump(Sender<Reply>),
}

#[derive(Debug, PartialEq)]
pub enum Reply {
    Value(Option<Vec<u8>>),
    Entries(Vec<(String, Vec<u8>)>),
}
